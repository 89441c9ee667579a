// The drag-and-drop email editor (GrapesJS + the newsletter preset). This module is only imported
// lazily by /emails/{key}/editor, so neither GrapesJS nor its styles reach the owner bundle.
import GjsEditor from '@grapesjs/react';
import grapesjs, { type Editor, type ProjectData } from 'grapesjs';
import * as presetModule from 'grapesjs-preset-newsletter';
import 'grapesjs/dist/css/grapes.min.css';
// The style manager's icons use Font Awesome 4 class names: served from our origin, not a CDN.
import 'font-awesome/css/font-awesome.min.css';

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

/** Blocks whose sample images load from a placeholder service on the internet: the editor makes no outside request. */
const BLOCKS_WITH_REMOTE_IMAGES = ['grid-items', 'list-items'];

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

export type VisualEditorHandle = {
  /** The email as saved: the HTML with its CSS inlined (mail clients ignore <style>), and the editor's design. */
  read: () => { html: string; design: Record<string, unknown> };
};

export default function VisualEditor({
  html,
  design,
  onReady,
  onError,
}: {
  html: string;
  design: Record<string, unknown> | null;
  onReady: (handle: VisualEditorHandle) => void;
  onError: (error: unknown) => void;
}) {
  const setUp = (editor: Editor) => {
    try {
      for (const id of BLOCKS_WITH_REMOTE_IMAGES) editor.Blocks.remove(id);
      labelForAssistiveTech(editor);
      onReady({
        read: () => ({
          html: unwrapBody(String(editor.runCommand('gjs-get-inlined-html'))),
          design: editor.getProjectData() as unknown as Record<string, unknown>,
        }),
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
        ...(design ? { projectData: design as unknown as ProjectData } : { components: html }),
        assetManager: { upload: false },
      }}
      plugins={[(editor: Editor) => newsletterPreset(editor, { inlineCss: true })]}
      onReady={setUp}
    />
  );
}
