import { Form } from 'react-router';
import { Field } from '#app/components/ui/field.tsx';
import type { OrderActionData, OrderActions } from '#app/domain/orders/order-actions.view.ts';
import { useI18n } from '#app/lib/i18n.ts';
import { ErrorSummary, refusalFor } from './form-errors.tsx';
import { ActionFields } from './order-actions.tsx';

/** Under the timeline: a private note, or a note to the customer (mailed to them). */
export function OrderNoteForm({
  actions,
  answer,
}: {
  actions: OrderActions;
  answer: OrderActionData | undefined;
}) {
  const { t } = useI18n();
  const refused = refusalFor(answer, 'note');
  const type = refused?.values?.note_type === 'customer' ? 'customer' : 'private';
  return (
    <section className="admin-card" aria-labelledby="admin-note-form">
      <h2 id="admin-note-form">{t('admin.action.note_title')}</h2>
      <ErrorSummary answer={refused} />
      <Form method="post" noValidate className="admin-note-form">
        <ActionFields intent="note" actions={actions} />
        <Field
          id="note"
          label={t('admin.action.note_label')}
          required
          error={refused?.field === 'note' ? refused.message : undefined}
        >
          {(control) => (
            <textarea
              {...control}
              name="note"
              rows={3}
              maxLength={5000}
              defaultValue={refused?.values?.note ?? ''}
            />
          )}
        </Field>
        <Field id="note_type" layout="group" label={t('admin.action.note_type')} required>
          {() => (
            <div className="admin-note-types">
              <label className="choice">
                <input
                  type="radio"
                  name="note_type"
                  value="private"
                  defaultChecked={type === 'private'}
                />
                <span>{t('admin.action.note_private')}</span>
              </label>
              <label className="choice">
                <input
                  type="radio"
                  name="note_type"
                  value="customer"
                  defaultChecked={type === 'customer'}
                />
                <span>{t('admin.action.note_customer')}</span>
              </label>
            </div>
          )}
        </Field>
        <button type="submit" className="button">
          {t('admin.action.note_submit')}
        </button>
      </Form>
    </section>
  );
}
