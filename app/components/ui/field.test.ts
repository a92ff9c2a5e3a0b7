import { createElement as h } from 'react';
import { describe, expect, it } from 'vitest';
import { attribute, openingTag, renderIn } from '../../../tests/support/render.ts';
import { Field, type FieldProps } from './field.tsx';

function field(props: Omit<FieldProps, 'children'>, locale: 'de' | 'en' = 'de') {
  return renderIn(
    locale,
    h(Field, { ...props, children: (control) => h('input', { ...control, name: 'x' }) }),
  );
}

describe('Field', () => {
  it('labels the control and marks it required in the shop language', () => {
    const de = field({ id: 'email', label: 'E-Mail-Adresse', required: true });
    expect(openingTag(de, 'label')).toBe('<label for="email">');
    expect(de).toContain('E-Mail-Adresse <span class="required-mark">(Pflichtfeld)</span>');
    expect(attribute(openingTag(de, 'input'), 'aria-required')).toBe('true');
    const en = field({ id: 'email', label: 'Email address', required: true }, 'en');
    expect(en).toContain('<span class="required-mark">(required)</span>');
  });

  it('marks an optional field as optional and does not claim it is required', () => {
    const html = field({ id: 'phone', label: 'Telefon' });
    expect(html).toContain('<span class="required-mark">(optional)</span>');
    expect(attribute(openingTag(html, 'input'), 'aria-required')).toBeNull();
  });

  it('is valid and undescribed without help and error', () => {
    const control = openingTag(field({ id: 'name', label: 'Name' }), 'input');
    expect(attribute(control, 'aria-invalid')).toBeNull();
    expect(attribute(control, 'aria-describedby')).toBeNull();
  });

  it('links help, error and further descriptions to the control, in that order', () => {
    const html = field({
      id: 'message',
      label: 'Nachricht',
      help: 'Worum geht es?',
      error: 'Bitte füllen Sie dieses Feld aus.',
      describedBy: ['message-counter', false],
      className: 'field-textarea',
    });
    const control = openingTag(html, 'input');
    expect(attribute(control, 'id')).toBe('message');
    expect(attribute(control, 'aria-invalid')).toBe('true');
    expect(attribute(control, 'aria-describedby')).toBe('message-help message-tip message-counter');
    expect(html).toContain('<p class="hint" id="message-help">Worum geht es?</p>');
    expect(html).toContain(
      '<span class="field-tip" id="message-tip" aria-hidden="true">Bitte füllen Sie dieses Feld aus.</span>',
    );
    expect(attribute(openingTag(html, 'div'), 'class')).toBe('field field-textarea is-invalid');
  });

  it('puts a single checkbox inside its label, without a marker', () => {
    const html = renderIn(
      'de',
      h(Field, {
        id: 'consent',
        label: 'Ich bin einverstanden',
        required: true,
        layout: 'choice',
        error: 'Bitte zustimmen.',
        children: (control) => h('input', { ...control, type: 'checkbox' }),
      }),
    );
    expect(html).toMatch(/^<div class="field is-invalid"><label class="choice"><input /);
    expect(html).toContain('<span>Ich bin einverstanden</span></label>');
    expect(html).not.toContain('required-mark');
    expect(attribute(openingTag(html, 'input'), 'aria-describedby')).toBe('consent-tip');
  });

  it('describes a group of options on its fieldset, under a legend', () => {
    const html = renderIn(
      'en',
      h(Field, {
        id: 'topic',
        label: 'Topic',
        layout: 'group',
        error: 'Please choose one.',
        children: (control) => [
          h('input', { key: 'a', type: 'radio', name: 'topic', id: control.id }),
          h('input', { key: 'b', type: 'radio', name: 'topic' }),
        ],
      }),
    );
    const fieldset = openingTag(html, 'fieldset');
    expect(attribute(fieldset, 'aria-describedby')).toBe('topic-tip');
    expect(attribute(fieldset, 'aria-invalid')).toBe('true');
    expect(html).toContain('<legend>Topic <span class="required-mark">(optional)</span></legend>');
    // The options do not repeat what the fieldset says.
    const first = openingTag(html, 'input');
    expect(attribute(first, 'id')).toBe('topic');
    expect(first).not.toContain('aria-');
  });
});
