import { useEffect, useState } from 'react';
import { useI18n } from '../lib/i18n';
import { th } from '../lib/i18n-strings';
import { usePublicConfig } from '../lib/public-config';

/** Spec section 9: the chat widget exists only while the window is wider than this. Its greeting is always Thai. */
export const CHAT_MIN_WIDTH = 768;
const wideEnough = () => window.innerWidth > CHAT_MIN_WIDTH;

export function ChatWidget() {
  const { t } = useI18n();
  const config = usePublicConfig();
  const [visible, setVisible] = useState(wideEnough);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onResize = () => setVisible(wideEnough());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  if (!visible) return null;
  return (
    <div className="fixed right-5 bottom-5 z-40 flex flex-col items-end gap-3" data-testid="chat-widget">
      {open && (
        <div
          id="chat-panel"
          role="dialog"
          aria-label={t('chat.open')}
          className="w-80 rounded-2xl border border-slate-200 bg-white p-4 shadow-xl"
        >
          <p lang="th" className="text-sm leading-relaxed text-slate-800">
            {th['chat.greeting']}
          </p>
          <a
            href={config?.chatUrl ?? 'https://m.me/rianroo'}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-3 inline-flex min-h-11 items-center rounded-lg bg-teal-700 px-4 text-sm font-medium text-white hover:bg-teal-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
          >
            {t('chat.start')}
          </a>
        </div>
      )}
      <button
        type="button"
        aria-expanded={open}
        aria-controls="chat-panel"
        aria-label={open ? t('chat.close') : t('chat.open')}
        onClick={() => setOpen((o) => !o)}
        className="flex h-14 w-14 items-center justify-center rounded-full bg-teal-700 text-white shadow-lg hover:bg-teal-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-7 w-7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          {open ? (
            <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
          ) : (
            <path d="M4 5h16v11H8l-4 4V5z" strokeLinejoin="round" />
          )}
        </svg>
      </button>
    </div>
  );
}
