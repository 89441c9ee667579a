import { Fragment, type ReactNode } from 'react';

/**
 * A catalogue message with React nodes in it (a bold address, a link): the message is called with each
 * placeholder's own name as its value (`m.x({ email: '{email}' })`), and `richText` puts the nodes there,
 * so the sentence stays one message in each language (decision 097) and only its parts are styled.
 */
export function richText(message: string, nodes: Record<string, ReactNode>): ReactNode {
  const parts = message.split(/(\{[a-zA-Z]+\})/);
  return parts.map((part, index) => {
    const name = /^\{([a-zA-Z]+)\}$/.exec(part)?.[1];
    return <Fragment key={index}>{name && name in nodes ? nodes[name] : part}</Fragment>;
  });
}
