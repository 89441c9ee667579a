import { CheckCircle2, Circle } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { useOwnerMessages } from '../../../lib/owner-locale';
import type { TDashboard } from '../../../../shared/schemas/dashboard';

/** The to-do list of spec §2; the review link is ticked once set, the others once there is something. */
export function TodoList({ todo }: { todo: TDashboard['todo'] }) {
  const m = useOwnerMessages();
  const items = [
    { to: paths.qr.href(), label: m.reviews_todo_qr(), done: todo.hasQrCodes },
    { to: paths.googleSettings.href(), label: m.reviews_todo_link(), done: todo.hasReviewLink },
    { to: paths.loyalty.href(), label: m.reviews_todo_rewards(), done: todo.hasRewards },
    { to: paths.automations.href(), label: m.reviews_todo_automations(), done: todo.hasOpenedAutomations },
  ];
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <h2 className="text-lg font-semibold">{m.reviews_todo_title()}</h2>
      <ul className="flex flex-col gap-1" data-testid="todo-list">
        {items.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className="flex items-center gap-2 rounded-md p-2 text-sm hover:bg-stone-50" data-done={item.done}>
              {item.done ? <CheckCircle2 className="size-5 shrink-0 text-green-700" aria-hidden="true" /> : <Circle className="size-5 shrink-0 text-stone-400" aria-hidden="true" />}
              <span className={item.done ? 'text-stone-500 line-through' : 'font-medium text-stone-900'}>{item.label}</span>
              <span className="sr-only">{item.done ? m.reviews_todo_done() : m.reviews_todo_pending()}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
