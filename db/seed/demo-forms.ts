import { contactForms } from '#app/domain/forms/forms.schema.ts';
import type { FormDefinition, FormMessages } from '#app/domain/forms/forms.types.ts';
import type { Tx } from '#app/lib/db.server.ts';
import type { Localized } from '#app/domain/kernel/localized.ts';

const MB = 1024 * 1024;

const messages: FormMessages = {
  mail_sent_ok: {
    de: 'Vielen Dank für Ihre Nachricht. Wir melden uns so bald wie möglich, meist innerhalb eines Werktags.',
    en: 'Thank you for your message. We will get back to you as soon as we can, usually within one working day.',
  },
  mail_sent_ng: {
    de: 'Ihre Nachricht ist bei uns gespeichert, konnte aber gerade nicht zugestellt werden. Bitte versuchen Sie es später erneut oder schreiben Sie uns eine E-Mail.',
    en: 'Your message is saved with us but could not be delivered just now. Please try again later or send us an e-mail.',
  },
  validation_error: {
    de: 'Mindestens ein Feld ist nicht richtig ausgefüllt. Bitte prüfen Sie Ihre Angaben.',
    en: 'At least one field is not filled in correctly. Please check your entries.',
  },
  spam: {
    de: 'Ihre Nachricht konnte nicht gesendet werden. Bitte versuchen Sie es später erneut.',
    en: 'Your message could not be sent. Please try again later.',
  },
  accept_terms: {
    de: 'Bitte stimmen Sie der Verarbeitung Ihrer Angaben zu, bevor Sie die Nachricht senden.',
    en: 'Please agree to the processing of your details before sending your message.',
  },
};

const l = (de: string, en: string): Localized => ({ de, en });

export const CONTACT_FORM: FormDefinition = {
  captcha: true,
  submitLabel: l('Nachricht senden', 'Send message'),
  messages,
  mail: {
    to: ['kontakt@ladenzeile-demo.example'],
    subject: l(
      'Kontaktanfrage: [your-subject] von [your-name]',
      'Contact request: [your-subject] from [your-name]',
    ),
    body: l(
      'Name: [your-name]\nE-Mail: [your-email]\nTelefon: [your-phone]\nBetreff: [your-subject]\nBestellnummer: [order-number]\n\nNachricht:\n[your-message]\n',
      'Name: [your-name]\nE-mail: [your-email]\nPhone: [your-phone]\nSubject: [your-subject]\nOrder number: [order-number]\n\nMessage:\n[your-message]\n',
    ),
    replyToField: 'your-email',
  },
  fields: [
    {
      name: 'your-name',
      type: 'text',
      label: l('Ihr Name', 'Your name'),
      required: true,
      autocomplete: 'name',
      maxLength: 100,
    },
    {
      name: 'your-email',
      type: 'email',
      label: l('E-Mail-Adresse', 'E-mail address'),
      required: true,
      autocomplete: 'email',
    },
    {
      name: 'your-phone',
      type: 'tel',
      label: l('Telefon', 'Phone'),
      autocomplete: 'tel',
      help: l('Für Rückfragen, freiwillig.', 'For questions, optional.'),
    },
    {
      name: 'your-subject',
      type: 'select',
      label: l('Worum geht es?', 'What is it about?'),
      required: true,
      options: [
        { value: 'product', label: l('Frage zu einem Produkt', 'Question about a product') },
        { value: 'order', label: l('Bestellung und Lieferung', 'Order and delivery') },
        { value: 'return', label: l('Rücksendung und Widerruf', 'Return and withdrawal') },
        { value: 'other', label: l('Etwas anderes', 'Something else') },
      ],
    },
    {
      name: 'order-number',
      type: 'text',
      label: l('Bestellnummer', 'Order number'),
      maxLength: 20,
      help: l('Falls Ihre Frage eine Bestellung betrifft.', 'If your question is about an order.'),
    },
    {
      name: 'your-message',
      type: 'textarea',
      label: l('Ihre Nachricht', 'Your message'),
      required: true,
      minLength: 20,
      maxLength: 2000,
    },
    {
      name: 'attachment',
      type: 'file',
      label: l('Anhang', 'Attachment'),
      accept: ['.pdf', '.jpg', '.jpeg', '.png'],
      maxFileSize: 5 * MB,
      multiple: true,
      help: l(
        'Zum Beispiel ein Foto eines beschädigten Artikels.',
        'For example a photo of a damaged item.',
      ),
    },
    {
      name: 'privacy',
      type: 'acceptance',
      label: l(
        'Ich bin einverstanden, dass meine Angaben zur Bearbeitung meiner Anfrage verarbeitet werden (siehe Datenschutzerklärung).',
        'I agree that my details are processed to answer my request (see the privacy policy).',
      ),
    },
  ],
};

export const CALLBACK_FORM: FormDefinition = {
  captcha: true,
  submitLabel: l('Rückruf anfordern', 'Request a call back'),
  messages: {
    ...messages,
    mail_sent_ok: l(
      'Danke! Wir rufen Sie zur gewünschten Zeit zurück.',
      'Thank you! We will call you back at the time you asked for.',
    ),
  },
  mail: {
    to: ['rueckruf@ladenzeile-demo.example'],
    subject: l(
      'Rückrufwunsch von [cb-name] am [cb-date]',
      'Call-back request from [cb-name] on [cb-date]',
    ),
    body: l(
      'Name: [cb-name]\nTelefon: [cb-phone]\nWebsite: [cb-website]\nWunschtermin: [cb-date] um [cb-time]\nThemen: [cb-topics]\nKontaktweg: [cb-channel]\nBudget: [cb-budget] €\nDringlichkeit: [cb-priority]\nKundennummer: [cb-customer]\nAlternativer Kontakt: [cb-alternative]\nNewsletter: [cb-newsletter]\n',
      'Name: [cb-name]\nPhone: [cb-phone]\nWebsite: [cb-website]\nPreferred time: [cb-date] at [cb-time]\nTopics: [cb-topics]\nChannel: [cb-channel]\nBudget: [cb-budget] €\nPriority: [cb-priority]\nCustomer number: [cb-customer]\nOther contact: [cb-alternative]\nNewsletter: [cb-newsletter]\n',
    ),
  },
  fields: [
    {
      name: 'cb-name',
      type: 'text',
      label: l('Name', 'Name'),
      required: true,
      autocomplete: 'name',
      maxLength: 100,
    },
    {
      name: 'cb-phone',
      type: 'tel',
      label: l('Telefonnummer', 'Phone number'),
      required: true,
      autocomplete: 'tel',
    },
    {
      name: 'cb-website',
      type: 'url',
      label: l('Website Ihres Unternehmens', 'Your company website'),
      autocomplete: 'url',
    },
    {
      name: 'cb-date',
      type: 'date',
      label: l('Wunschtag (Montag bis Freitag)', 'Preferred day (Monday to Friday)'),
      required: true,
      minDate: '2026-01-01',
      maxDate: '2027-12-31',
      daysOfWeek: [1, 2, 3, 4, 5],
    },
    { name: 'cb-time', type: 'time', label: l('Wunschzeit', 'Preferred time'), required: true },
    {
      name: 'cb-topics',
      type: 'checkbox',
      label: l('Themen (eins oder zwei)', 'Topics (one or two)'),
      required: true,
      minItems: 1,
      maxItems: 2,
      options: [
        { value: 'advice', label: l('Produktberatung', 'Product advice') },
        { value: 'bulk', label: l('Großbestellung', 'Bulk order') },
        { value: 'complaint', label: l('Reklamation', 'Complaint') },
        { value: 'partner', label: l('Zusammenarbeit', 'Partnership') },
      ],
    },
    {
      name: 'cb-channel',
      type: 'checkbox',
      label: l('Wie dürfen wir Sie erreichen?', 'How may we reach you?'),
      exclusive: true,
      options: [
        { value: 'phone', label: l('Telefon', 'Phone') },
        { value: 'video', label: l('Videoanruf', 'Video call') },
      ],
    },
    {
      name: 'cb-budget',
      type: 'number',
      label: l('Budget in Euro (in 50er-Schritten)', 'Budget in euros (steps of 50)'),
      min: 0,
      max: 10000,
      step: 50,
    },
    {
      name: 'cb-priority',
      type: 'select',
      label: l('Dringlichkeit', 'Priority'),
      required: true,
      options: [
        { value: 'normal', label: l('Normal', 'Normal') },
        { value: 'urgent', label: l('Dringend', 'Urgent') },
      ],
    },
    {
      name: 'cb-customer',
      type: 'text',
      label: l('Kundennummer (5 Ziffern)', 'Customer number (5 digits)'),
      combined: {
        rule: 'all',
        error: l(
          'Eine Kundennummer besteht aus genau 5 Ziffern.',
          'A customer number has exactly 5 digits.',
        ),
        rules: [
          { rule: 'number' },
          { rule: 'minnumber', threshold: 10000 },
          { rule: 'maxnumber', threshold: 99999 },
        ],
      },
    },
    {
      name: 'cb-alternative',
      type: 'text',
      label: l(
        'Weitere Kontaktmöglichkeit (E-Mail oder Telefon)',
        'Another way to reach you (e-mail or phone)',
      ),
      combined: {
        rule: 'any',
        error: l(
          'Bitte geben Sie eine E-Mail-Adresse oder eine Telefonnummer an.',
          'Please give an e-mail address or a phone number.',
        ),
        rules: [{ rule: 'email' }, { rule: 'tel' }],
      },
    },
    {
      name: 'cb-documents',
      type: 'file',
      label: l(
        'Unterlagen (PDF oder Bild, 1 KB bis 2 MB)',
        'Documents (PDF or picture, 1 KB to 2 MB)',
      ),
      accept: ['.pdf', '.png', '.jpg', '.jpeg'],
      minFileSize: 1024,
      maxFileSize: 2 * MB,
    },
    {
      name: 'cb-quiz',
      type: 'quiz',
      label: l('Kurze Frage gegen Spam', 'A short question against spam'),
      required: true,
      quiz: {
        question: l('Wie viele Tage hat eine Woche?', 'How many days does a week have?'),
        answers: { de: ['7', 'sieben'], en: ['7', 'seven'] },
      },
    },
    {
      name: 'cb-newsletter',
      type: 'acceptance',
      optional: true,
      label: l(
        'Ich möchte den Newsletter erhalten (freiwillig).',
        'I would like to receive the newsletter (optional).',
      ),
    },
    {
      name: 'cb-minor',
      type: 'acceptance',
      invert: true,
      label: l('Ich bin jünger als 18 Jahre.', 'I am younger than 18.'),
      help: l(
        'Rückrufe vereinbaren wir nur mit Volljährigen.',
        'We arrange call backs with adults only.',
      ),
    },
    {
      name: 'cb-privacy',
      type: 'acceptance',
      label: l(
        'Ich bin einverstanden, dass meine Angaben für den Rückruf verarbeitet werden.',
        'I agree that my details are processed for the call back.',
      ),
    },
  ],
};

/** Creates the demo forms once; a shop that already has forms keeps them untouched. */
export async function seedDemoForms(db: Tx): Promise<boolean> {
  const existing = await db.select({ id: contactForms.id }).from(contactForms).limit(1);
  if (existing.length > 0) return false;
  await db.insert(contactForms).values([
    { slug: 'kontakt', title: l('Kontakt', 'Contact'), definition: CONTACT_FORM },
    {
      slug: 'rueckruf',
      title: l('Rückruf anfordern', 'Request a call back'),
      definition: CALLBACK_FORM,
    },
  ]);
  return true;
}
