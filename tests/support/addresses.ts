/** A German billing address that every checkout accepts (Store API field names). */
export const GERMAN_BILLING = {
  first_name: 'Erika',
  last_name: 'Mustermann',
  address_1: 'Hauptstraße 1',
  city: 'Berlin',
  postcode: '10115',
  country: 'DE',
  email: 'erika@example.org',
  phone: '030 1234567',
} as const;
