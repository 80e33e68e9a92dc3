import type { AdminOrderDetail, RefundAccess } from '@rianroo/contract';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { Alert, Card } from '../../../components/ui/Card';
import { TextField } from '../../../components/ui/TextField';
import { useErrorText } from '../../../lib/forms';
import { useToast } from '../../../lib/toast';
import { AdminPage } from '../components/AdminPage';
import { ConfirmButton } from '../components/ConfirmButton';
import { Facts } from '../components/Fields';
import { useAdminI18n } from '../i18n';
import { toBaht, toSatang } from './billing-api';
import { DetailShell } from './DetailShell';
import { downloadAdminTaxDocument, useOrder, useRefund } from './orders-api';

/** A button that saves a tax document's PDF (a credit note, the order's tax invoice). */
function DocumentButton({ number }: { number: string }) {
  const { t } = useAdminI18n();
  const errorText = useErrorText();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="ghost"
      busy={busy}
      onClick={() => {
        setBusy(true);
        downloadAdminTaxDocument(number)
          .catch((err: unknown) => toast(errorText(err), 'error', 6000))
          .finally(() => setBusy(false));
      }}
    >
      {t('admin.refunds.download', { number })}
    </Button>
  );
}

/** The refund's amount (baht, at most what is left), reason and what happens to access; asked to confirm. */
function RefundForm({ order }: { order: AdminOrderDetail }) {
  const { t, money } = useAdminI18n();
  const refund = useRefund(order.id);
  const toast = useToast();
  const errorText = useErrorText();
  const [amount, setAmount] = useState(() => toBaht(order.refundableSatang));
  const [reason, setReason] = useState('');
  const [access, setAccess] = useState<RefundAccess>('end');
  const [error, setError] = useState<string | null>(null);
  const satang = toSatang(amount);
  const amountOk = !Number.isNaN(satang) && satang > 0 && satang <= order.refundableSatang;
  const ready = amountOk && reason.trim().length > 0;
  const submit = async () => {
    setError(null);
    try {
      const after = await refund.mutateAsync({ amountSatang: satang, reason: reason.trim(), access });
      const note = after.refunds.at(-1)?.creditNoteNumber ?? '';
      // The order read again gives a fresh form (its key is what is left to refund).
      toast(t('admin.refunds.done', { number: note }), 'success', 4000);
    } catch (err) {
      setError(errorText(err));
      throw err;
    }
  };
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">{t('admin.refunds.new')}</h2>
      <p className="mt-1 text-sm text-slate-700">{t('admin.refunds.lead')}</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div className="flex flex-wrap items-end gap-2">
          <TextField
            label={t('admin.refunds.amount')}
            inputMode="decimal"
            value={amount}
            className="min-w-0 flex-1"
            onChange={(e) => setAmount(e.target.value)}
            error={
              amount && !amountOk
                ? t('admin.refunds.amountInvalid', { max: money(order.refundableSatang) })
                : undefined
            }
          />
          <Button variant="secondary" onClick={() => setAmount(toBaht(order.refundableSatang))}>
            {t('admin.refunds.all')}
          </Button>
        </div>
        <TextField
          label={t('admin.refunds.reason')}
          value={reason}
          maxLength={300}
          onChange={(e) => setReason(e.target.value)}
        />
        <fieldset className="flex flex-col gap-1 sm:col-span-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">{t('admin.refunds.access')}</legend>
          {(['end', 'shorten'] as const).map((a) => (
            <label key={a} className="flex min-h-11 items-center gap-2 text-slate-800">
              <input
                type="radio"
                name={`refund-access-${order.id}`}
                className="size-5"
                checked={access === a}
                onChange={() => setAccess(a)}
              />
              {t(`admin.refunds.access.${a}`)}
            </label>
          ))}
        </fieldset>
      </div>
      {error && (
        <div className="mt-4">
          <Alert>{error}</Alert>
        </div>
      )}
      <div className="mt-4">
        <ConfirmButton
          label={t('admin.refunds.submit')}
          title={t('admin.refunds.confirmTitle', { amount: amountOk ? money(satang) : '' })}
          body={t('admin.refunds.confirmBody')}
          canConfirm={ready}
          onConfirm={submit}
        />
      </div>
    </Card>
  );
}

function Refunds({ order }: { order: AdminOrderDetail }) {
  const { t, money, date } = useAdminI18n();
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">{t('admin.refunds.title')}</h2>
      {order.refunds.length === 0 ? (
        <p className="mt-2 text-slate-700">{t('admin.refunds.none')}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200">
          {order.refunds.map((r) => (
            <li key={r.id} className="flex flex-col gap-1 py-3">
              <p className="font-medium text-slate-900">
                {money(r.amountSatang)} · {t(`admin.refunds.status.${r.status}`)} ·{' '}
                {t(`admin.refunds.access.${r.access}`)}
              </p>
              <p className="text-sm wrap-anywhere text-slate-700">
                {date(r.createdAt)} · {r.reason}
              </p>
              {r.creditNoteNumber && (
                <div className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
                  <span>
                    {t('admin.refunds.creditNote')}: <span className="font-medium">{r.creditNoteNumber}</span>
                  </span>
                  <DocumentButton number={r.creditNoteNumber} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** /admin/orders/:id: an order, what was refunded, and a refund of what is left. */
export default function OrderPage() {
  const { id = '' } = useParams();
  const { t, money, date } = useAdminI18n();
  const order = useOrder(id);
  return (
    <DetailShell query={order} backTo="/admin/orders" backLabel={t('admin.orders.back')}>
      {(o, back) => (
        <AdminPage title={o.number} lead={`${o.user.name} · ${o.user.email}`} actions={back}>
          <Card>
            <Facts
              rows={[
                [t('admin.orders.status'), t(`admin.orders.status.${o.status}`)],
                [t('admin.orders.plan'), o.planCode],
                [
                  t('admin.orders.total'),
                  `${money(o.totalSatang)} (${t('admin.orders.vat')} ${money(o.vatSatang)})`,
                ],
                [t('admin.orders.refunded'), money(o.refundedSatang)],
                [t('admin.orders.refundable'), money(o.refundableSatang)],
                [t('admin.orders.provider'), `${o.provider}${o.method ? ` · ${o.method}` : ''}`],
                [t('admin.orders.paymentRef'), o.paymentRef ?? t('admin.empty')],
                [t('admin.orders.paidAt'), o.paidAt ? date(o.paidAt) : t('admin.empty')],
                [
                  t('admin.orders.period'),
                  o.periodStart && o.periodEnd
                    ? `${date(o.periodStart, false)} – ${date(o.periodEnd, false)}`
                    : t('admin.empty'),
                ],
                [t('admin.orders.receipt'), o.receiptNumber ?? t('admin.empty')],
                [
                  t('admin.orders.taxInvoice'),
                  o.taxInvoiceNumber ? (
                    <span className="flex flex-wrap items-center gap-2">
                      {o.taxInvoiceNumber}
                      <DocumentButton number={o.taxInvoiceNumber} />
                    </span>
                  ) : (
                    t('admin.empty')
                  ),
                ],
              ]}
            />
          </Card>
          {o.status === 'paid' && o.refundableSatang > 0 ? (
            <RefundForm key={`${o.refundableSatang}`} order={o} />
          ) : (
            <Alert kind="info">{t('admin.refunds.notRefundable')}</Alert>
          )}
          <Refunds order={o} />
        </AdminPage>
      )}
    </DetailShell>
  );
}
