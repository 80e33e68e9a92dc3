import { badgeFilename, credentialFilename } from '@rianroo/contract';
import { useMutation } from '@tanstack/react-query';
import { Button } from '../../../components/ui/Button';
import { useErrorText } from '../../../lib/forms';
import { useToast } from '../../../lib/toast';
import { getCertificateBadge, getCertificateCredential } from '../api/certificate-credential';
import { useCredentialText } from '../lib/credential-text';
import { saveFile } from '../lib/save-file';

type Kind = 'json' | 'badge';

/** The learner's own certificate as an Open Badges credential: the signed JSON and the PNG badge. */
export function CredentialDownloads({ code }: { code: string }) {
  const text = useCredentialText();
  const toast = useToast();
  const errorText = useErrorText();
  const save = useMutation({
    mutationFn: async (kind: Kind) =>
      kind === 'json'
        ? {
            blob: new Blob([JSON.stringify(await getCertificateCredential(code), null, 2)], {
              type: 'application/json',
            }),
            filename: credentialFilename(code),
          }
        : { blob: await getCertificateBadge(code), filename: badgeFilename(code) },
    onSuccess: ({ blob, filename }) => saveFile(blob, filename),
    onError: (err) => toast(errorText(err), 'error', 4000),
  });
  const busy = (kind: Kind) => save.isPending && save.variables === kind;

  return (
    <section
      aria-labelledby="credential-title"
      className="mt-6 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="credential-title" className="text-base font-semibold text-slate-900">
        {text('cred.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{text('cred.lead')}</p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Button
          variant="secondary"
          busy={busy('json')}
          disabled={save.isPending}
          onClick={() => save.mutate('json')}
        >
          {text('cred.downloadJson')}
        </Button>
        <Button
          variant="secondary"
          busy={busy('badge')}
          disabled={save.isPending}
          onClick={() => save.mutate('badge')}
        >
          {text('cred.downloadBadge')}
        </Button>
      </div>
    </section>
  );
}
