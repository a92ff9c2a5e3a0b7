/** The simulated wallet sheet's form controls, styled alike as the wallets' own sheets are. */

const LABEL_STYLE = 'display:grid;gap:.15rem;font-size:.9rem;min-width:0';
const FIELD_STYLE =
  'font:inherit;padding:.45rem .6rem;border:1px solid #8c959f;border-radius:6px;color:#1f2328;background:#fff;width:100%;min-width:0;box-sizing:border-box';

export function fieldset(legend: string) {
  const set = document.createElement('fieldset');
  set.style.cssText =
    'margin:0;border:1px solid #d0d7de;border-radius:8px;padding:.6rem .8rem .8rem;display:grid;gap:.5rem';
  const l = document.createElement('legend');
  l.textContent = legend;
  l.style.cssText = 'font-weight:600;padding:0 .3rem';
  set.append(l);
  return set;
}

function labelled(label: string, control: HTMLElement) {
  const wrap = document.createElement('label');
  wrap.style.cssText = LABEL_STYLE;
  const span = document.createElement('span');
  span.textContent = label;
  wrap.append(span, control);
  return wrap;
}

export function input(name: string, label: string, value: string, type: string) {
  const field = document.createElement('input');
  field.name = name;
  field.type = type;
  field.value = value;
  field.required = name !== 'phone';
  field.autocomplete = 'off';
  field.style.cssText = FIELD_STYLE;
  return labelled(label, field);
}

/** A labelled choice of `[value, text]` options; the select comes back to be set and watched. */
export function select(name: string, label: string, options: readonly [string, string][]) {
  const field = document.createElement('select');
  field.name = name;
  field.style.cssText = FIELD_STYLE;
  for (const [value, text] of options) {
    const option = document.createElement('option');
    option.value = value;
    option.textContent = text;
    field.append(option);
  }
  return { wrap: labelled(label, field), select: field };
}

export function row(...cells: HTMLElement[]) {
  const row = document.createElement('div');
  row.style.cssText = 'display:grid;grid-template-columns:minmax(6rem,1fr) 2fr;gap:.5rem';
  row.append(...cells);
  return row;
}

export function button(text: string, kind: 'primary' | 'secondary') {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  b.style.cssText =
    kind === 'primary'
      ? 'font:600 1rem system-ui,sans-serif;padding:.65rem 1.2rem;border-radius:8px;border:1px solid #000;background:#000;color:#fff;cursor:pointer;flex:1 1 auto'
      : 'font:inherit;padding:.5rem 1rem;border-radius:8px;border:1px solid #1f2328;background:#fff;color:#1f2328;cursor:pointer;justify-self:start';
  return b;
}
