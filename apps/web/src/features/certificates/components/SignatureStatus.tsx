import type { CredentialCheck } from '@rianroo/contract';
import { LineIcon } from '../../../components/ui/Icon';
import { textLink } from '../../../components/ui/link-styles';
import { API_BASE } from '../../../lib/session';
import { useCredentialText } from '../lib/credential-text';

const CHECK = 'M5 12.5l4.5 4.5L19 7.5';
const CROSS = 'M6 6l12 12M18 6L6 18';
const DASH = 'M6 12h12';

const tones = {
  verified: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  invalid: 'border-red-300 bg-red-50 text-red-900',
  unavailable: 'border-slate-300 bg-slate-100 text-slate-900',
};
const icons = { verified: CHECK, invalid: CROSS, unavailable: DASH };

/** Whether the certificate's digital credential verifies, with what anyone needs to check it themselves. */
export function SignatureStatus({ check }: { check: CredentialCheck }) {
  const text = useCredentialText();
  const { signature } = check;
  return (
    <div className="mt-4">
      <p
        role="status"
        className={`inline-flex items-center gap-2 rounded-full border px-4 py-2 text-sm font-semibold ${tones[signature]}`}
      >
        <LineIcon d={icons[signature]} />
        {text(`cred.signature.${signature}`)}
      </p>
      {signature !== 'unavailable' && (
        <>
          <p className="mt-2 text-sm text-slate-600">{text('cred.signature.about')}</p>
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <li>
              <a href={`${API_BASE}/certificates/jwks.json`} className={textLink}>
                {text('cred.keys')}
              </a>
            </li>
            {check.statusListCredential && check.statusListIndex !== null && (
              <li>
                <a href={check.statusListCredential} className={textLink}>
                  {text('cred.statusList', { index: check.statusListIndex })}
                </a>
              </li>
            )}
          </ul>
        </>
      )}
    </div>
  );
}
