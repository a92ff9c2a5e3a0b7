// What the administrator's pages answer to their forms; safe in the browser.

/** A refused form: which form, its message, the field it is about, and what was typed. */
export type StaffFormAnswer = {
  intent: string;
  message: string;
  field?: string;
  values?: Record<string, string>;
};

/** The credentials of a key just created: in this one answer, never again. */
export type CreatedKeyAnswer = {
  created: {
    consumerKey: string;
    consumerSecret: string;
    description: string;
    permissions: string;
    owner: string;
  };
};
