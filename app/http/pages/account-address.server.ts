// The address forms of `/my-account/edit-address`.
import { redirect } from 'react-router';
import { type AddressKind, saveAddress } from '#app/domain/customers/accounts.server.ts';
import { ADDRESS_FIELDS, type AddressInput } from '#app/domain/customers/address-locale.ts';
import { domainError } from '#app/domain/kernel/result.ts';
import { readForm, shop } from '../request.server.ts';
import {
  type Args,
  checkToken,
  currentCustomer,
  refuse,
  reply,
  text,
} from './account-form.server.ts';

/** Posts of `/my-account/edit-address`: one address (billing or shipping) per form. */
export async function handleEditAddress(args: Args) {
  const base = shop(args);
  const { session, customer } = await currentCustomer(args);
  if (!session || !customer) return redirect('/my-account');
  const read = await readForm(args.request);
  const form = read.ok ? read.value : new FormData();
  const kind: AddressKind = text(form, 'address_type', 10) === 'shipping' ? 'shipping' : 'billing';
  const intent = `save_${kind}`;
  if (!read.ok) return refuse(base, intent, read.error);
  const tokenProblem = checkToken(base, session, form);
  if (tokenProblem) return refuse(base, intent, tokenProblem);
  const address: AddressInput = {};
  const values: Record<string, string> = {};
  for (const field of ADDRESS_FIELDS) {
    const value = text(form, `${kind}_${field}`, 300);
    values[`${kind}_${field}`] = value;
    if (value.length > 200) {
      return refuse(
        base,
        intent,
        domainError('invalid', 'account.error.field_invalid', {
          field: `${kind}_${field}`,
          label: field,
        }),
        { values },
      );
    }
    address[field] = value;
  }
  const result = await saveAddress(base.db, customer.id, kind, address, base.locale);
  if (!result.ok) return refuse(base, intent, result.error, { values });
  return reply(base, intent, { ok: true, messages: [base.t('account.address_saved')] });
}
