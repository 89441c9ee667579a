// The drag-and-drop email editor (GrapesJS + the newsletter preset), in French, its canvas showing the
// email as diners get it, its images uploaded to the app. This module is only imported lazily by
// /emails/{key}/editor, so neither GrapesJS nor its styles reach the owner bundle.
import GjsEditor from '@grapesjs/react';
import grapesjs, { type Component, type Editor, type ProjectData } from 'grapesjs';
import * as presetModule from 'grapesjs-preset-newsletter';
import 'grapesjs/dist/css/grapes.min.css';
// The style manager's icons use Font Awesome 4 class names: served from our origin, not a CDN.
import 'font-awesome/css/font-awesome.min.css';
import type { TAutomationEditorResponse } from '../../../../shared/schemas/automations';
import { uploadEmailImage } from '../api/upload-email-image';
import { FRENCH_MESSAGES, FRENCH_TEXT_ACTIONS, frenchBlock, PRESET_TEXTS } from './editor-locale';

/**
 * The preset ships as a UMD bundle: depending on the bundler's CommonJS interop its function sits at
 * the module, at `.default`, or at `.default.default`. Take the first function found.
 */
function findPlugin(module: unknown): (editor: Editor, options: Record<string, unknown>) => void {
  let candidate = module;
  while (candidate && typeof candidate !== 'function' && typeof candidate === 'object' && 'default' in candidate) candidate = (candidate as { default: unknown }).default;
  if (typeof candidate !== 'function') throw new Error('grapesjs-preset-newsletter: no plugin function');
  return candidate as (editor: Editor, options: Record<string, unknown>) => void;
}
const newsletterPreset = findPlugin(presetModule);

/** The preset's blocks kept: not the two whose sample images load from a placeholder service on the internet. */
const BLOCKS = ['sect100', 'sect50', 'sect30', 'sect37', 'button', 'divider', 'text', 'text-sect', 'image', 'quote', 'link'];

/** The inliner returns the canvas's <body> element; the mail layout already has its own body. */
function unwrapBody(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.innerHTML.trim();
}

/** GrapesJS leaves its canvas frame unnamed and its side panel unreachable by keyboard: name and focus them. */
function labelForAssistiveTech(editor: Editor) {
  editor.Canvas.getFrameEl()?.setAttribute('title', 'Email en cours de modification');
  const panel = editor.getContainer()?.querySelector('.gjs-pn-views-container');
  panel?.setAttribute('tabindex', '0');
  panel?.setAttribute('role', 'region');
  panel?.setAttribute('aria-label', 'Blocs, styles et calques');
}

type EmailFrame = TAutomationEditorResponse['frame'];

/**
 * Puts the canvas's content (GrapesJS's wrapper element) inside the email as diners get it: the frame
 * rendered by the server (layout, fonts, 560 px column, header with the restaurant's name, unsubscribe
 * footer) around the marker element. The frame is not part of the edited content: it is neither
 * selectable nor exported. Idempotent (the canvas may reload its body).
 */
function mountEmailFrame(editor: Editor, frame: EmailFrame) {
  const doc = editor.Canvas.getDocument();
  const wrapperEl = editor.getWrapper()?.getEl();
  if (!doc?.body || !wrapperEl || wrapperEl.closest('[data-refeed-frame]')) return;
  const parsed = new DOMParser().parseFromString(frame.html, 'text/html');
  if (!parsed.getElementById(frame.markerId)) return;
  const holder = doc.createElement('div');
  holder.setAttribute('data-refeed-frame', '');
  holder.setAttribute('style', 'pointer-events:none');
  // The email's body style (its background) on the canvas's body, down to the bottom of the canvas.
  doc.body.setAttribute('style', `${parsed.body.getAttribute('style') ?? ''};min-height:100vh`);
  for (const node of [...parsed.body.childNodes]) holder.appendChild(doc.importNode(node, true));
  const marker = holder.querySelector(`#${frame.markerId}`);
  if (!marker) return;
  marker.replaceWith(wrapperEl);
  wrapperEl.style.pointerEvents = 'auto';
  doc.body.insertBefore(holder, doc.body.firstChild);
}

/** What the canvas needs besides the frame: GrapesJS's wrapper fills the column, not the whole screen. */
const CANVAS_CSS = `
  body { margin: 0; }
  [data-gjs-type="wrapper"] { min-height: 240px !important; padding-top: 0.001em; }
  [data-refeed-frame] img { max-width: 100%; }
`;

/** Every image component of the content. */
function imagesOf(editor: Editor): Component[] {
  const wrapper = editor.getWrapper();
  return wrapper ? (wrapper.find('img') as Component[]) : [];
}

export type VisualEditorHandle = {
  /** The email as saved: the HTML with its CSS inlined (mail clients ignore <style>), and the editor's design. */
  read: () => { html: string; design: Record<string, unknown> };
};

export default function VisualEditor({
  html,
  design,
  frame,
  onReady,
  onError,
  onUploadError,
  onUploaded,
}: {
  html: string;
  design: Record<string, unknown> | null;
  frame: EmailFrame;
  onReady: (handle: VisualEditorHandle) => void;
  onError: (error: unknown) => void;
  /** A refused upload: the French message (the server's, naming the file). */
  onUploadError: (error: unknown) => void;
  onUploaded: () => void;
}) {
  /** An image's alt defaults to the restaurant's name (owners can change it in the image's settings). */
  const defaultAlt = (image: Component) => {
    if (!String(image.getAttributes().alt ?? '').trim()) image.addAttributes({ alt: frame.restaurantName || 'Image' });
  };

  const emailCanvas = (editor: Editor) => {
    editor.on('canvas:frame:load:body', () => mountEmailFrame(editor, frame));
    editor.on('component:update:src', (component: Component) => {
      if (component.is('image')) defaultAlt(component);
    });
  };

  const uploadFile = async (editor: Editor, event: DragEvent | Event) => {
    const files = (event as DragEvent).dataTransfer?.files ?? (event.target as HTMLInputElement | null)?.files;
    const file = files?.[0];
    if (!file) return;
    try {
      const image = await uploadEmailImage(file);
      editor.AssetManager.add({ type: 'image', src: image.src, width: image.width, height: image.height });
      // The Image block being filled (it opened the asset manager) gets the new image at once.
      const selected = editor.getSelected();
      if (selected?.is('image')) {
        selected.set('src', image.src);
        defaultAlt(selected);
        editor.Modal.close();
      }
      onUploaded();
    } catch (error) {
      onUploadError(error);
    }
  };

  // The asset manager's uploadFile option is read at start, before an editor exists to hand it.
  const current: { editor: Editor | null } = { editor: null };

  const setUp = (editor: Editor) => {
    try {
      labelForAssistiveTech(editor);
      mountEmailFrame(editor, frame);
      onReady({
        read: () => {
          for (const image of imagesOf(editor)) {
            const src = String(image.get('src') ?? '');
            if (src && !src.startsWith('data:')) defaultAlt(image);
          }
          return {
            html: unwrapBody(String(editor.runCommand('gjs-get-inlined-html'))),
            design: editor.getProjectData() as unknown as Record<string, unknown>,
          };
        },
      });
    } catch (error) {
      onError(error);
    }
  };
  return (
    <GjsEditor
      className="h-full"
      grapesjs={grapesjs}
      options={{
        height: '100%',
        // No telemetry, no browser storage, no CDN stylesheet: everything stays on the app's origin.
        telemetry: false,
        storageManager: false,
        cssIcons: '',
        noticeOnUnload: false,
        i18n: { locale: 'fr', localeFallback: 'fr', detectLocale: false, messages: { fr: FRENCH_MESSAGES } },
        canvasCss: CANVAS_CSS,
        // The config is typed string[], but it is handed to RichTextEditorOptions, whose actions may be
        // objects: a default action named in one is merged with it (French title, same command).
        richTextEditor: { actions: FRENCH_TEXT_ACTIONS as unknown as string[] },
        ...(design ? { projectData: design as unknown as ProjectData } : { components: html }),
        assetManager: {
          // Uploaded through uploadFile below (the URL only turns the drop zone on); never embedded as base64.
          upload: '/api/automations/images',
          uploadFile: async (event: DragEvent) => {
            if (current.editor) await uploadFile(current.editor, event);
          },
          embedAsBase64: false,
          multiUpload: false,
          autoAdd: false,
        },
      }}
      plugins={[
        (editor: Editor) => {
          current.editor = editor;
          emailCanvas(editor);
        },
        (editor: Editor) => newsletterPreset(editor, { inlineCss: true, blocks: BLOCKS, block: frenchBlock, ...PRESET_TEXTS }),
      ]}
      onReady={setUp}
    />
  );
}
