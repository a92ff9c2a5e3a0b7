import { Field } from '#app/components/ui/field.tsx';

/** What a back-office form shows again after a refused post: the typed values and the errors. */
export type TypedForm = {
  typed: Record<string, string>;
  errorOf: (name: string) => string | undefined;
};

type Common = { form: TypedForm; name: string; id: string; label: string; help?: string };

/** A text or date input that keeps what was typed, with its error beside it. */
export function TypedInput({
  form,
  name,
  id,
  label,
  help,
  required,
  inputMode,
  type = 'text',
}: Common & {
  required?: boolean;
  inputMode?: 'decimal' | 'numeric';
  type?: 'text' | 'date' | 'time' | 'url';
}) {
  return (
    <Field id={id} label={label} required={required} error={form.errorOf(name)} help={help}>
      {(control) => (
        <input
          {...control}
          type={type}
          name={name}
          inputMode={inputMode}
          defaultValue={form.typed[name] ?? ''}
          autoComplete="off"
        />
      )}
    </Field>
  );
}

/** A checkbox posting `yes`, checked as typed. */
export function TypedCheckbox({ form, name, id, label, help }: Common) {
  return (
    <Field id={id} layout="choice" label={label} error={form.errorOf(name)} help={help}>
      {(control) => (
        <input
          {...control}
          type="checkbox"
          name={name}
          value="yes"
          defaultChecked={form.typed[name] === 'yes'}
        />
      )}
    </Field>
  );
}
