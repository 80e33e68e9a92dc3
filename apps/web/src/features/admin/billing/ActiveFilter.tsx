import { FilterForm } from '../components/FilterForm';
import { useAdminI18n } from '../i18n';
import type { TableControls } from '../lib/table-params';

/** On sale, deactivated, or all: the filter of the plans and promo codes lists. */
export function ActiveFilter({ controls }: { controls: TableControls }) {
  const { t } = useAdminI18n();
  return (
    <FilterForm
      controls={controls}
      fields={[
        {
          key: 'active',
          label: t('admin.billing.status'),
          options: [
            { value: '', label: t('admin.billing.all') },
            { value: 'true', label: t('admin.billing.active') },
            { value: 'false', label: t('admin.billing.inactive') },
          ],
        },
      ]}
    />
  );
}
