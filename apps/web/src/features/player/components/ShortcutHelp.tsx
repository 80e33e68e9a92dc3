import { useEffect, useRef } from 'react';
import { useI18n } from '../../../lib/i18n';
import { SHORTCUTS } from '../lib/shortcuts';

/** The keyboard shortcuts, in a small popover over the video; Escape or the button closes it. */
export function ShortcutHelp({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => closeRef.current?.focus(), []);
  return (
    <div
      role="dialog"
      aria-labelledby="player-shortcuts-title"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
      className="absolute top-2 right-2 z-10 max-h-[calc(100%-1rem)] max-w-xs overflow-y-auto rounded-lg bg-slate-900/95 p-3 text-xs shadow-xl sm:p-4 sm:text-sm"
    >
      <p id="player-shortcuts-title" className="mb-2 font-semibold">
        {t('player.shortcuts')}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {SHORTCUTS.map(([keys, label]) => (
          <div key={keys} className="contents">
            <dt className="font-mono text-amber-200">{keys}</dt>
            <dd>{t(label)}</dd>
          </div>
        ))}
      </dl>
      <button
        ref={closeRef}
        type="button"
        className="mt-3 rounded px-1 underline focus-visible:outline-3 focus-visible:outline-amber-300"
        onClick={onClose}
      >
        {t('player.close')}
      </button>
    </div>
  );
}
