import { useI18n } from '#app/lib/i18n.ts';

type Option = { value: string; label: string };

function Choice({ name, label, options }: { name: string; label: string; options: Option[] }) {
  const { t } = useI18n();
  return (
    <div className="admin-filter">
      <label htmlFor={`admin-export-${name}`}>{label}</label>
      <select id={`admin-export-${name}`} name={name} defaultValue="">
        <option value="">{t('admin.productExport.all')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The export's choices and its download: a plain GET form, so the browser saves the file
 * itself and the choice works before the script runs.
 */
export function ProductExportForm({ categories }: { categories: Option[] }) {
  const { t } = useI18n();
  return (
    <section className="admin-card" aria-labelledby="admin-export-title">
      <h2 id="admin-export-title">{t('admin.productExport.heading')}</h2>
      <p>{t('admin.productExport.intro')}</p>
      <form method="get" action="/admin/products/export.csv" className="admin-filters">
        <Choice name="category" label={t('admin.productExport.category')} options={categories} />
        <Choice
          name="type"
          label={t('admin.productExport.type')}
          options={[
            { value: 'simple', label: t('admin.productExport.type_simple') },
            { value: 'variable', label: t('admin.productExport.type_variable') },
          ]}
        />
        <Choice
          name="status"
          label={t('admin.productExport.status')}
          options={[
            { value: 'publish', label: t('admin.productExport.status_publish') },
            { value: 'draft', label: t('admin.productExport.status_draft') },
            { value: 'pending', label: t('admin.productExport.status_pending') },
            { value: 'private', label: t('admin.productExport.status_private') },
          ]}
        />
        <div className="admin-filter-actions">
          <button type="submit" className="button">
            {t('admin.productExport.download')}
          </button>
        </div>
      </form>
    </section>
  );
}
