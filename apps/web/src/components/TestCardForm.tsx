import { sandboxCardBody, type SandboxCardBody } from '@rianroo/contract';
import { useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../lib/api-error';
import { useErrorText } from '../lib/forms';
import { useI18n } from '../lib/i18n';
import { Button } from './ui/Button';
import { Alert } from './ui/Card';
import { TextField } from './ui/TextField';

type Field = keyof SandboxCardBody;
const FIELDS: readonly Field[] = ['number', 'expiry', 'cvc', 'name'];
const isField = (path: unknown): path is Field => FIELDS.includes(path as Field);

/**
 * The sandbox provider's test-card form (number, MM/YY, CVC, name), checked with the contract's schema before it
 * is sent: the sandbox payment page pays an order with it, the card page saves the card automatic renewal
 * charges. Each field's problem is said at the field (also the API's VALIDATION_ERROR details); anything else,
 * such as a declined card (`declinedText` when given), under the form. `onSubmit` leaves the page on success.
 */
export function TestCardForm({
  submitLabel,
  onSubmit,
  declinedText,
}: {
  submitLabel: string;
  onSubmit: (card: SandboxCardBody) => Promise<unknown>;
  declinedText?: string;
}) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const [card, setCard] = useState<SandboxCardBody>({ number: '', expiry: '', cvc: '', name: '' });
  const [invalid, setInvalid] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const set = (k: Field) => (e: { target: { value: string } }) => setCard({ ...card, [k]: e.target.value });
  const say = (f: Field) => (card[f].trim() === '' ? t('field.required') : t(`renew.cardInvalid.${f}`));
  const show = (fields: Field[], text: (f: Field) => string = say) => {
    setInvalid(Object.fromEntries(fields.map((f) => [f, text(f)])));
    const first = FIELDS.find((f) => fields.includes(f));
    if (first) inputs.current[first]?.focus();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const parsed = sandboxCardBody.safeParse(card);
    if (!parsed.success) {
      show(parsed.error.issues.map((i) => i.path[0]).filter(isField));
      return;
    }
    setInvalid({});
    setBusy(true);
    try {
      await onSubmit(parsed.data);
    } catch (err) {
      setBusy(false);
      const declined = err instanceof ApiError && err.code === 'PAYMENT_DECLINED';
      const said = declined && declinedText ? declinedText : errorText(err);
      const fields = err instanceof ApiError ? err.details.map((d) => d.path).filter(isField) : [];
      if (!fields.length) setError(said);
      // The API names the field: its problem in the form's words (an expired card is declined at its expiry).
      else if (err instanceof ApiError && err.code === 'VALIDATION_ERROR') show(fields);
      else show(fields, (f) => (declined && f === 'expiry' ? t('renew.cardExpired') : said));
    }
  };

  const field = (f: Field) => ({
    ref: (el: HTMLInputElement | null) => {
      inputs.current[f] = el;
    },
    value: card[f],
    onChange: set(f),
    error: invalid[f],
    required: true,
  });
  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-4 sm:grid-cols-2" noValidate>
      <TextField
        label={t('pay.cardNumber')}
        inputMode="numeric"
        autoComplete="cc-number"
        className="sm:col-span-2"
        {...field('number')}
      />
      <TextField label={t('pay.expiry')} placeholder="12/30" autoComplete="cc-exp" {...field('expiry')} />
      <TextField label={t('pay.cvc')} inputMode="numeric" autoComplete="cc-csc" {...field('cvc')} />
      <TextField
        label={t('pay.cardName')}
        autoComplete="cc-name"
        className="sm:col-span-2"
        {...field('name')}
      />
      {error && (
        <div className="sm:col-span-2">
          <Alert>{error}</Alert>
        </div>
      )}
      <div className="sm:col-span-2">
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
