import type { Locale } from '#app/lib/locale.ts';
import type { ShopOwner } from '#app/domain/settings/shop-owner.ts';

/**
 * Starter texts for the shop's legal pages (German and English).
 *
 * Every page carries a review notice: the texts are a starting point and must be checked and
 * adapted by the shop owner, together with a lawyer, before the shop goes live. The owner's
 * details (name, address, contact, VAT id, register entry, representative) are filled in from
 * the `ShopOwner` passed to `legalPage`; empty optional fields are left out of the text.
 */

export const LEGAL_SLUGS = [
  'impressum',
  'agb',
  'widerruf',
  'datenschutz',
  'versand-und-zahlung',
  'barrierefreiheit',
] as const;
export type LegalSlug = (typeof LEGAL_SLUGS)[number];

export type { ShopOwner };

export type LegalBlock =
  | { type: 'paragraph'; text: string }
  | { type: 'list'; items: string[] }
  | { type: 'table'; head: string[]; rows: string[][] }
  | { type: 'address'; lines: string[] };
export type LegalSection = { heading: string; blocks: LegalBlock[] };
export type LegalPage = {
  slug: LegalSlug;
  title: string;
  reviewNotice: string;
  sections: LegalSection[];
};

export function isLegalSlug(value: string): value is LegalSlug {
  return (LEGAL_SLUGS as readonly string[]).includes(value);
}

const TITLES: Record<LegalSlug, Record<Locale, string>> = {
  impressum: { de: 'Impressum', en: 'Legal notice' },
  agb: { de: 'Allgemeine Geschäftsbedingungen', en: 'Terms and conditions' },
  widerruf: { de: 'Widerrufsbelehrung', en: 'Right of withdrawal' },
  datenschutz: { de: 'Datenschutzerklärung', en: 'Privacy policy' },
  'versand-und-zahlung': { de: 'Versand und Zahlung', en: 'Shipping and payment' },
  barrierefreiheit: { de: 'Erklärung zur Barrierefreiheit', en: 'Accessibility statement' },
};

const GENERAL_NOTICE: Record<Locale, string> = {
  de:
    'Hinweis für den Shopbetreiber: Dieser Text ist eine Vorlage und ersetzt keine Rechtsberatung. ' +
    'Prüfen Sie ihn vor dem Livegang gemeinsam mit einer Rechtsanwältin oder einem Rechtsanwalt, ' +
    'passen Sie ihn an Ihr Unternehmen, Ihr Sortiment und Ihre tatsächlichen Abläufe an und ' +
    'entfernen Sie diesen Hinweis erst danach.',
  en:
    'Note for the shop owner: This text is a template and does not replace legal advice. ' +
    'Before the shop goes live, review it with a lawyer, adapt it to your business, your product ' +
    'range and your actual processes, and remove this notice only after that review.',
};

const PAGE_NOTICE: Record<LegalSlug, Record<Locale, string>> = {
  impressum: {
    de:
      'Prüfen Sie insbesondere Rechtsform, Vertretungsberechtigte, Registereintrag und die Aussage ' +
      'zur Verbraucherschlichtung. Für zulassungspflichtige Tätigkeiten oder reglementierte Berufe ' +
      'sind weitere Angaben erforderlich.',
    en:
      'Check in particular the legal form, the authorised representatives, the register entry and ' +
      'the statement on consumer arbitration. Activities that require a licence and regulated ' +
      'professions need further details.',
  },
  agb: {
    de:
      'Prüfen Sie insbesondere, ob Bestellablauf, Zeitpunkt des Vertragsschlusses, Zahlungsarten, ' +
      'Lieferbedingungen und die Aussage zur Verbraucherschlichtung genau zu Ihrem Shop passen.',
    en:
      'Check in particular that the order steps, the moment the contract is concluded, the payment ' +
      'methods, the delivery terms and the statement on consumer arbitration match your shop exactly.',
  },
  widerruf: {
    de:
      'Gleichen Sie die Belehrung mit dem gesetzlichen Muster in Anlage 1 und 2 zu Art. 246a § 1 ' +
      'Abs. 2 EGBGB in der aktuell geltenden Fassung ab; nur eine Belehrung nach dem Muster genießt ' +
      'die gesetzliche Vermutung, richtig zu sein. Seit dem 19. Juni 2026 muss der Shop außerdem die ' +
      'elektronische Widerrufsfunktion nach § 356a BGB anbieten, auf die diese Belehrung verweist. ' +
      'Prüfen Sie auch die Regelung zu den Rücksendekosten.',
    en:
      'Compare this notice with the statutory model in Annexes 1 and 2 to Article 246a § 1(2) EGBGB ' +
      'as currently in force; only a notice that follows the model enjoys the statutory presumption ' +
      'of being correct. Since 19 June 2026 the shop must also offer the electronic withdrawal ' +
      'function under Section 356a BGB to which this notice refers. Check the rule on return costs ' +
      'as well.',
  },
  datenschutz: {
    de:
      'Prüfen Sie insbesondere die tatsächlich eingesetzten Dienstleister (Hosting, E-Mail-Versand, ' +
      'Versandunternehmen, Captcha), die Speicherfristen, die Laufzeiten der Cookies und ob Sie einen ' +
      'Datenschutzbeauftragten benennen müssen. Ergänzen Sie jeden weiteren Dienst, bevor Sie ihn ' +
      'einsetzen.',
    en:
      'Check in particular the service providers you actually use (hosting, e-mail delivery, ' +
      'carriers, captcha), the retention periods, the cookie lifetimes and whether you must appoint a ' +
      'data protection officer. Add every further service before you start using it.',
  },
  'versand-und-zahlung': {
    de:
      'Prüfen Sie insbesondere Versandkosten, Lieferländer, Lieferzeiten und die Regelung zum Pfand; ' +
      'alle Angaben müssen mit den Beträgen übereinstimmen, die der Shop tatsächlich berechnet.',
    en:
      'Check in particular the shipping costs, the destination countries, the delivery times and the ' +
      'deposit rules; every figure must match what the shop actually charges.',
  },
  barrierefreiheit: {
    de:
      'Prüfen Sie insbesondere, ob der Stand der Vereinbarkeit und die bekannten Einschränkungen ' +
      'zu Ihrem Shop passen, nachdem Sie eigene Inhalte, Bilder, Zahlungsdienste oder Erweiterungen ' +
      'hinzugefügt haben, und ob die Anschrift der Marktüberwachungsstelle noch aktuell ist.',
    en:
      'Check in particular that the conformance status and the known limitations still match your ' +
      'shop after you added your own content, pictures, payment services or extensions, and update ' +
      'whether the address of the market surveillance authority is still current.',
  },
};

/* ------------------------------------------------------------------------------------------ */
/* Block helpers                                                                              */
/* ------------------------------------------------------------------------------------------ */

const p = (text: string): LegalBlock => ({ type: 'paragraph', text });
const list = (...items: string[]): LegalBlock => ({ type: 'list', items });
const table = (head: string[], rows: string[][]): LegalBlock => ({ type: 'table', head, rows });
const address = (...lines: string[]): LegalBlock => ({ type: 'address', lines });
const section = (heading: string, ...blocks: LegalBlock[]): LegalSection => ({ heading, blocks });

/** True when the value holds real content; the owner settings mark unset fields with a dash. */
const filled = (value: string): boolean => /[^\s\-\u2013\u2014]/.test(value);

/** Trims every field and empties fields that only hold a dash ("not set"). */
function normalizeOwner(owner: ShopOwner): ShopOwner {
  const clean = (value: string): string => (filled(value) ? value.trim() : '');
  return {
    name: clean(owner.name),
    street: clean(owner.street),
    postcode: clean(owner.postcode),
    city: clean(owner.city),
    country: clean(owner.country),
    email: clean(owner.email),
    phone: clean(owner.phone),
    vatId: clean(owner.vatId),
    register: clean(owner.register),
    representative: clean(owner.representative),
  };
}

/** Name and postal address, one line each. */
function postalLines(o: ShopOwner): string[] {
  return [o.name, o.street, `${o.postcode} ${o.city}`.trim(), o.country];
}

function contactLines(o: ShopOwner, locale: Locale): string[] {
  const lines: string[] = [];
  if (filled(o.phone)) lines.push(`${locale === 'de' ? 'Telefon' : 'Phone'}: ${o.phone}`);
  if (filled(o.email)) lines.push(`${locale === 'de' ? 'E-Mail' : 'E-mail'}: ${o.email}`);
  return lines;
}

/** Who is responsible in person: the representative, or the owner when none is given. */
function responsiblePerson(o: ShopOwner): string {
  return filled(o.representative) ? o.representative : o.name;
}

/** Drops empty lines, items and blocks, then sections that are left without content. */
function clean(sections: (LegalSection | null)[]): LegalSection[] {
  const result: LegalSection[] = [];
  for (const s of sections) {
    if (!s) continue;
    const blocks: LegalBlock[] = [];
    for (const block of s.blocks) {
      switch (block.type) {
        case 'paragraph':
          if (filled(block.text)) blocks.push(block);
          break;
        case 'list': {
          const items = block.items.filter(filled);
          if (items.length > 0) blocks.push({ type: 'list', items });
          break;
        }
        case 'address': {
          const lines = block.lines.filter(filled);
          if (lines.length > 0) blocks.push({ type: 'address', lines });
          break;
        }
        case 'table':
          if (block.rows.length > 0) blocks.push(block);
          break;
      }
    }
    if (blocks.length > 0) result.push({ heading: s.heading, blocks });
  }
  return result;
}

/* Stripe's European entity; named in the terms, on the payment page and in the privacy policy. */
const STRIPE_ENTITY =
  'Stripe Payments Europe, Limited, 1 Grand Canal Street Lower, Grand Canal Dock, Dublin, D02 H210';

/* ------------------------------------------------------------------------------------------ */
/* Impressum / Legal notice                                                                   */
/* ------------------------------------------------------------------------------------------ */

function impressumDe(o: ShopOwner): (LegalSection | null)[] {
  return [
    section('Angaben gemäß § 5 DDG', address(...postalLines(o))),
    filled(o.representative) ? section('Vertreten durch', p(o.representative)) : null,
    section('Kontakt', list(...contactLines(o, 'de'))),
    filled(o.register) ? section('Registereintrag', p(o.register)) : null,
    filled(o.vatId)
      ? section(
          'Umsatzsteuer-Identifikationsnummer',
          p(`Umsatzsteuer-Identifikationsnummer gemäß § 27a Umsatzsteuergesetz: ${o.vatId}`),
        )
      : null,
    section(
      'Verantwortlich für redaktionelle Inhalte',
      p(
        `Verantwortlich für journalistisch-redaktionelle Inhalte im Sinne von § 18 Abs. 2 ` +
          `Medienstaatsvertrag: ${responsiblePerson(o)}, Anschrift wie oben.`,
      ),
    ),
    section(
      'Verbraucherstreitbeilegung',
      p(
        'Wir sind nicht verpflichtet und nicht bereit, an einem Streitbeilegungsverfahren vor einer ' +
          'Verbraucherschlichtungsstelle im Sinne des Verbraucherstreitbeilegungsgesetzes teilzunehmen.',
      ),
      p(
        `Wenn Sie ein Anliegen oder eine Beschwerde haben, schreiben Sie uns bitte direkt an ` +
          `${o.email}. Wir bemühen uns, gemeinsam mit Ihnen eine Lösung zu finden.`,
      ),
    ),
  ];
}

function impressumEn(o: ShopOwner): (LegalSection | null)[] {
  return [
    section(
      'Information pursuant to Section 5 of the German Digital Services Act (DDG)',
      address(...postalLines(o)),
    ),
    filled(o.representative) ? section('Represented by', p(o.representative)) : null,
    section('Contact', list(...contactLines(o, 'en'))),
    filled(o.register) ? section('Register entry', p(o.register)) : null,
    filled(o.vatId)
      ? section(
          'VAT identification number',
          p(`VAT identification number under Section 27a of the German VAT Act (UStG): ${o.vatId}`),
        )
      : null,
    section(
      'Responsible for editorial content',
      p(
        `Responsible for journalistic and editorial content under Section 18(2) of the German ` +
          `Interstate Media Treaty (MStV): ${responsiblePerson(o)}, address as above.`,
      ),
    ),
    section(
      'Consumer dispute resolution',
      p(
        'We are neither obliged nor willing to take part in dispute resolution proceedings before a ' +
          'consumer arbitration board within the meaning of the German Consumer Dispute Resolution ' +
          'Act (VSBG).',
      ),
      p(
        `If you have a concern or a complaint, please write to us directly at ${o.email}. We will ` +
          'do our best to find a solution together with you.',
      ),
    ),
  ];
}

/* ------------------------------------------------------------------------------------------ */
/* AGB / Terms and conditions                                                                 */
/* ------------------------------------------------------------------------------------------ */

function agbDe(o: ShopOwner): (LegalSection | null)[] {
  return [
    section(
      '§ 1 Geltungsbereich',
      p(
        'Diese Allgemeinen Geschäftsbedingungen (AGB) gelten für alle Verträge über die Lieferung ' +
          'von Waren, die Sie über unseren Online-Shop mit uns schließen. Maßgeblich ist die Fassung, ' +
          'die im Zeitpunkt Ihrer Bestellung gilt.',
      ),
      p(
        'Unser Angebot richtet sich vor allem an Verbraucher. Verbraucher ist jede natürliche Person, ' +
          'die einen Vertrag zu Zwecken schließt, die überwiegend weder ihrer gewerblichen noch ihrer ' +
          'selbständigen beruflichen Tätigkeit zugerechnet werden können (§ 13 BGB). Unternehmer ist, ' +
          'wer bei Vertragsschluss in Ausübung seiner gewerblichen oder selbständigen beruflichen ' +
          'Tätigkeit handelt (§ 14 BGB). Regelungen, die nur für Verbraucher oder nur für Unternehmer ' +
          'gelten, sind als solche gekennzeichnet.',
      ),
      p(
        'Abweichende, entgegenstehende oder ergänzende Bedingungen eines Unternehmers werden nicht ' +
          'Vertragsbestandteil, es sei denn, wir stimmen ihrer Geltung ausdrücklich zu.',
      ),
    ),
    section(
      '§ 2 Vertragspartner',
      p('Ihr Vertragspartner ist:'),
      address(...postalLines(o)),
      list(
        filled(o.representative) ? `Vertreten durch: ${o.representative}` : '',
        filled(o.register) ? `Registereintrag: ${o.register}` : '',
        filled(o.vatId) ? `Umsatzsteuer-Identifikationsnummer: ${o.vatId}` : '',
        ...contactLines(o, 'de'),
      ),
      p(
        'Fragen, Reklamationen und Beanstandungen richten Sie bitte an die oben genannte Anschrift ' +
          `oder per E-Mail an ${o.email}.`,
      ),
    ),
    section(
      '§ 3 Vertragsschluss',
      p(
        'Die Darstellung der Waren in unserem Online-Shop ist kein rechtlich bindendes Angebot, ' +
          'sondern eine Einladung an Sie, eine Bestellung abzugeben.',
      ),
      p('Eine Bestellung geben Sie in folgenden Schritten ab:'),
      list(
        'Sie legen die gewünschten Waren in der gewünschten Menge in den Warenkorb.',
        'Im Warenkorb starten Sie über die Schaltfläche „Zur Kasse“ den Bestellvorgang.',
        'Sie melden sich mit Ihrem Kundenkonto an oder bestellen als Gast und geben Ihre ' +
          'E-Mail-Adresse sowie Ihre Rechnungs- und Lieferanschrift ein.',
        'Sie wählen die Versandart und die Zahlungsart.',
        'Auf einer Übersichtsseite sehen Sie alle Waren, Ihre Angaben und den Gesamtpreis ' +
          'einschließlich Umsatzsteuer, Versandkosten und gegebenenfalls Pfand. Hier können Sie ' +
          'alles prüfen und Eingabefehler über die Ändern-Links oder die Zurück-Funktion Ihres ' +
          'Browsers korrigieren; den Bestellvorgang können Sie jederzeit abbrechen, indem Sie das ' +
          'Browserfenster schließen.',
        'Mit einem Klick auf die Schaltfläche „Zahlungspflichtig bestellen“ geben Sie ein ' +
          'verbindliches Angebot zum Kauf der Waren im Warenkorb ab und veranlassen die Zahlung.',
      ),
      p(
        'Unmittelbar nach dem Absenden erhalten Sie eine automatisch erzeugte E-Mail, die den ' +
          'Eingang Ihrer Bestellung bestätigt (Eingangsbestätigung). Sie stellt noch keine Annahme ' +
          'Ihres Angebots dar.',
      ),
      p(
        'Der Kaufvertrag kommt zustande, wenn wir Ihr Angebot durch eine gesonderte E-Mail ' +
          '(Auftragsbestätigung) annehmen oder die Ware an Sie versenden, je nachdem, was zuerst ' +
          'geschieht. Nehmen wir Ihr Angebot nicht innerhalb von zwei Werktagen an, sind Sie nicht ' +
          'mehr daran gebunden; bereits belastete Beträge erstatten wir Ihnen dann unverzüglich.',
      ),
    ),
    section(
      '§ 4 Vertragssprache und Speicherung des Vertragstextes',
      p(
        'Der Vertrag kann in deutscher oder englischer Sprache geschlossen werden. Maßgeblich ist die ' +
          'Sprache, die Sie bei Ihrer Bestellung im Shop eingestellt haben.',
      ),
      p(
        'Wir speichern den Vertragstext, also Ihre Bestelldaten und die bei Vertragsschluss gültigen ' +
          'AGB. Beides senden wir Ihnen mit der Auftragsbestätigung per E-Mail zu. Haben Sie ein ' +
          'Kundenkonto, können Sie Ihre Bestellungen dort jederzeit einsehen. Die aktuelle Fassung ' +
          'dieser AGB finden Sie stets auf dieser Seite.',
      ),
    ),
    section(
      '§ 5 Preise, Versandkosten und Pfand',
      p(
        'Alle Preise sind Endpreise in Euro und enthalten die gesetzliche Umsatzsteuer. Bei ' +
          'Lieferungen in einen anderen Mitgliedstaat der Europäischen Union kann die Umsatzsteuer ' +
          'des Bestimmungslandes anfallen; den für Ihre Bestellung maßgeblichen Endpreis sehen Sie ' +
          'auf der Übersichtsseite, bevor Sie die Bestellung absenden.',
      ),
      p(
        'Zusätzlich zum Warenpreis fallen Versandkosten an. Ihre Höhe hängt vom Lieferland, vom ' +
          'Bestellwert und von der Art der Ware ab. Einzelheiten finden Sie auf der Seite „Versand ' +
          'und Zahlung“; die Versandkosten werden außerdem im Warenkorb und auf der Übersichtsseite ' +
          'ausgewiesen.',
      ),
      p(
        'Für Getränke in pfandpflichtigen Verpackungen berechnen wir zusätzlich das Pfand. Es wird ' +
          'auf der Produktseite und im Warenkorb gesondert angegeben und bei Rückgabe der ' +
          'Pfandbehältnisse erstattet.',
      ),
    ),
    section(
      '§ 6 Zahlung',
      p('Sie können mit folgenden Zahlungsarten bezahlen:'),
      list(
        'Kredit- und Debitkarte; die akzeptierten Kartenmarken werden im Bestellvorgang angezeigt',
        'digitale Wallets wie Apple Pay und Google Pay, sofern Ihr Gerät und Ihr Browser sie ' +
          'unterstützen',
      ),
      p(
        `Die Zahlungen wickelt der Zahlungsdienstleister ${STRIPE_ENTITY}, Irland („Stripe“), ab. ` +
          'Ihre Kartendaten werden verschlüsselt direkt an Stripe übermittelt; wir erhalten und ' +
          'speichern sie nicht.',
      ),
      p(
        'Der Kaufpreis einschließlich Versandkosten und Pfand ist mit Abgabe der Bestellung fällig ' +
          'und wird mit Abschluss des Bestellvorgangs belastet. Kommt kein Vertrag zustande, ' +
          'erstatten wir den Betrag unverzüglich.',
      ),
      p(
        'Einen Kauf auf Rechnung bieten wir nicht an. Für die Nutzung einer Zahlungsart berechnen ' +
          'wir keine zusätzlichen Gebühren.',
      ),
    ),
    section(
      '§ 7 Lieferung und Lieferzeiten',
      p(
        'Wir liefern an Anschriften in Deutschland und in den übrigen Mitgliedstaaten der ' +
          'Europäischen Union. Einschränkungen, etwa für Sperrgut, sind auf der Seite „Versand und ' +
          'Zahlung“ beschrieben.',
      ),
      p(
        'Die Lieferzeit ist auf der jeweiligen Produktseite angegeben. Sie beginnt am Tag nach ' +
          'Vertragsschluss. Fällt ihr letzter Tag auf einen Samstag, Sonntag oder einen am Lieferort ' +
          'gesetzlichen Feiertag, endet sie am nächsten Werktag.',
      ),
      p(
        'Enthält Ihre Bestellung Waren mit unterschiedlichen Lieferzeiten, versenden wir sie ' +
          'grundsätzlich gemeinsam, sobald alle Waren versandbereit sind. Teillieferungen nehmen wir ' +
          'nur vor, wenn sie Ihnen zumutbar sind; zusätzliche Versandkosten entstehen Ihnen dadurch ' +
          'nicht.',
      ),
      p(
        'Können wir eine Ware nicht liefern, weil unser Lieferant uns trotz rechtzeitig und ' +
          'ordnungsgemäß abgeschlossenen Einkaufsvertrags ohne unser Verschulden nicht beliefert, ' +
          'informieren wir Sie unverzüglich. In diesem Fall dürfen wir insoweit vom Vertrag ' +
          'zurücktreten; bereits geleistete Zahlungen erstatten wir Ihnen unverzüglich.',
      ),
      p(
        'Sind Sie Verbraucher, geht die Gefahr des zufälligen Untergangs und der zufälligen ' +
          'Verschlechterung der Ware erst mit der Übergabe an Sie oder an eine von Ihnen benannte ' +
          'empfangsberechtigte Person auf Sie über. Sind Sie Unternehmer, geht die Gefahr mit der ' +
          'Übergabe der Ware an das Transportunternehmen auf Sie über.',
      ),
    ),
    section(
      '§ 8 Widerrufsrecht',
      p(
        'Als Verbraucher haben Sie ein gesetzliches Widerrufsrecht. Voraussetzungen, Folgen und ' +
          'Ausnahmen erläutern wir in der Widerrufsbelehrung, die Sie auf der Seite ' +
          '„Widerrufsbelehrung“ finden und die wir Ihnen auch mit der Auftragsbestätigung zusenden.',
      ),
    ),
    section(
      '§ 9 Eigentumsvorbehalt',
      p(
        'Die gelieferte Ware bleibt bis zur vollständigen Bezahlung des Kaufpreises unser Eigentum.',
      ),
      p(
        'Gegenüber Unternehmern behalten wir uns das Eigentum an der Ware bis zur vollständigen ' +
          'Begleichung aller Forderungen aus der laufenden Geschäftsbeziehung vor.',
      ),
    ),
    section(
      '§ 10 Gewährleistung',
      p(
        'Es gelten die gesetzlichen Vorschriften über die Rechte bei Mängeln (§§ 434 ff. BGB). Ist ' +
          'die Ware mangelhaft, können Sie zunächst Nacherfüllung verlangen, also nach Ihrer Wahl die ' +
          'Beseitigung des Mangels oder die Lieferung einer mangelfreien Ware. Unter den gesetzlichen ' +
          'Voraussetzungen können Sie außerdem vom Vertrag zurücktreten, den Kaufpreis mindern sowie ' +
          'Schadensersatz oder Ersatz vergeblicher Aufwendungen verlangen; für Schadensersatz gilt ' +
          '§ 11.',
      ),
      p(
        'Ansprüche wegen Mängeln verjähren in zwei Jahren ab Ablieferung der Ware. Bei Waren mit ' +
          'digitalen Elementen sorgen wir gegenüber Verbrauchern nach Maßgabe von § 475b BGB dafür, ' +
          'dass die für den Erhalt der Vertragsmäßigkeit erforderlichen Aktualisierungen ' +
          'bereitgestellt werden.',
      ),
      p(
        'Sind Sie Kaufmann, müssen Sie die Ware nach § 377 HGB unverzüglich nach der Ablieferung ' +
          'untersuchen und erkennbare Mängel unverzüglich anzeigen.',
      ),
      p(
        'Bitte reklamieren Sie offensichtliche Transportschäden möglichst sofort beim Zusteller und ' +
          'informieren Sie uns. Tun Sie das nicht, hat das keine Folgen für Ihre gesetzlichen ' +
          'Ansprüche; Sie helfen uns aber, unsere Ansprüche gegenüber dem Transportunternehmen ' +
          'durchzusetzen.',
      ),
      p(
        'Eine Garantie übernehmen wir nur, wenn sie auf der Produktseite ausdrücklich angegeben ist. ' +
          'Garantien von Herstellern bestehen neben Ihren gesetzlichen Rechten und schränken diese ' +
          'nicht ein.',
      ),
    ),
    section(
      '§ 11 Haftung',
      p(
        'Wir haften unbeschränkt für Schäden aus der Verletzung des Lebens, des Körpers oder der ' +
          'Gesundheit, für Schäden, die auf Vorsatz oder grober Fahrlässigkeit beruhen, nach dem ' +
          'Produkthaftungsgesetz sowie im Umfang einer von uns übernommenen Garantie.',
      ),
      p(
        'Verletzen wir leicht fahrlässig eine wesentliche Vertragspflicht, ist unsere Haftung auf den ' +
          'vertragstypischen, bei Vertragsschluss vorhersehbaren Schaden begrenzt. Wesentliche ' +
          'Vertragspflichten sind solche, deren Erfüllung die ordnungsgemäße Durchführung des ' +
          'Vertrags erst ermöglicht und auf deren Einhaltung Sie regelmäßig vertrauen dürfen, etwa ' +
          'die Pflicht, Ihnen die Ware frei von Mängeln zu übergeben und Ihnen das Eigentum daran zu ' +
          'verschaffen.',
      ),
      p(
        'Im Übrigen haften wir für leicht fahrlässige Pflichtverletzungen nicht. Diese Regelungen ' +
          'gelten auch zugunsten unserer gesetzlichen Vertreter, Beschäftigten und ' +
          'Erfüllungsgehilfen.',
      ),
    ),
    section(
      '§ 12 Streitbeilegung',
      p(
        'Wir sind nicht verpflichtet und nicht bereit, an einem Streitbeilegungsverfahren vor einer ' +
          'Verbraucherschlichtungsstelle teilzunehmen.',
      ),
      p(
        `Sind Sie mit einer Bestellung nicht zufrieden, wenden Sie sich bitte direkt an uns ` +
          `(${o.email}); wir suchen gemeinsam mit Ihnen nach einer Lösung.`,
      ),
    ),
    section(
      '§ 13 Schlussbestimmungen',
      p(
        'Für alle Verträge gilt das Recht der Bundesrepublik Deutschland unter Ausschluss des ' +
          'UN-Kaufrechts (CISG). Haben Sie als Verbraucher Ihren gewöhnlichen Aufenthalt in einem ' +
          'anderen Staat, gilt diese Rechtswahl nur insoweit, als Ihnen dadurch nicht der Schutz ' +
          'zwingender Vorschriften des Rechts dieses Staates entzogen wird.',
      ),
      p(
        'Sind Sie Kaufmann, juristische Person des öffentlichen Rechts oder öffentlich-rechtliches ' +
          'Sondervermögen, ist ausschließlicher Gerichtsstand für alle Streitigkeiten aus diesem ' +
          `Vertrag unser Geschäftssitz${filled(o.city) ? ` in ${o.city}` : ''}.`,
      ),
      p(
        'Sollte eine Bestimmung dieser AGB unwirksam sein oder werden, bleibt der Vertrag im Übrigen ' +
          'wirksam. An die Stelle der unwirksamen Bestimmung treten die gesetzlichen Vorschriften.',
      ),
    ),
  ];
}

function agbEn(o: ShopOwner): (LegalSection | null)[] {
  return [
    section(
      '1. Scope',
      p(
        'These terms and conditions apply to all contracts for the supply of goods that you conclude ' +
          'with us through our online shop. The version in force at the time of your order applies.',
      ),
      p(
        'Our offer is aimed mainly at consumers. A consumer is any natural person who concludes a ' +
          'contract for purposes that are predominantly outside their trade, business or profession ' +
          '(Section 13 of the German Civil Code, BGB). A business customer is anyone who acts in the ' +
          'course of their trade, business or profession when concluding the contract (Section 14 ' +
          'BGB). Provisions that apply only to consumers or only to business customers are marked as ' +
          'such.',
      ),
      p(
        'Conflicting, deviating or additional terms of a business customer do not become part of ' +
          'the contract unless we expressly agree to them.',
      ),
    ),
    section(
      '2. Contract partner',
      p('Your contract partner is:'),
      address(...postalLines(o)),
      list(
        filled(o.representative) ? `Represented by: ${o.representative}` : '',
        filled(o.register) ? `Register entry: ${o.register}` : '',
        filled(o.vatId) ? `VAT identification number: ${o.vatId}` : '',
        ...contactLines(o, 'en'),
      ),
      p(
        'Please send questions, complaints and claims to the address above or by e-mail to ' +
          `${o.email}.`,
      ),
    ),
    section(
      '3. Conclusion of the contract',
      p(
        'The presentation of goods in our online shop is not a legally binding offer but an ' +
          'invitation to you to place an order.',
      ),
      p('You place an order in the following steps:'),
      list(
        'You add the goods you want, in the quantity you want, to the shopping cart.',
        'In the shopping cart you start the checkout with the “Checkout” button.',
        'You sign in to your customer account or order as a guest, and enter your e-mail address ' +
          'and your billing and delivery address.',
        'You choose the shipping method and the payment method.',
        'A summary page shows all goods, your details and the total price including VAT, shipping ' +
          'costs and any deposit. There you can check everything and correct input errors using the ' +
          'edit links or your browser’s back button; you can cancel the order process at any time ' +
          'by closing the browser window.',
        'By clicking the “Place order and pay” button you make a binding offer to buy the goods in ' +
          'the shopping cart and initiate the payment.',
      ),
      p(
        'Immediately after you submit the order, you receive an automatically generated e-mail ' +
          'confirming that we have received it (acknowledgement of receipt). This acknowledgement ' +
          'does not yet mean that we accept your offer.',
      ),
      p(
        'The purchase contract is concluded when we accept your offer in a separate e-mail (order ' +
          'confirmation) or dispatch the goods to you, whichever happens first. If we do not accept ' +
          'your offer within two working days, you are no longer bound by it, and we refund any ' +
          'amount already charged without delay.',
      ),
    ),
    section(
      '4. Contract language and storage of the contract text',
      p(
        'The contract can be concluded in German or in English. The language you selected in the ' +
          'shop when placing your order applies.',
      ),
      p(
        'We store the contract text, that is your order details and the terms and conditions in ' +
          'force when the contract was concluded, and send both to you by e-mail with the order ' +
          'confirmation. If you have a customer account, you can view your orders there at any ' +
          'time. The current version of these terms is always available on this page.',
      ),
    ),
    section(
      '5. Prices, shipping costs and deposit',
      p(
        'All prices are final prices in euros and include the statutory VAT. For deliveries to ' +
          'another member state of the European Union, the VAT of the country of destination may ' +
          'apply; the summary page shows the final price of your order before you submit it.',
      ),
      p(
        'Shipping costs are charged in addition to the price of the goods. They depend on the ' +
          'destination country, the order value and the type of goods. Details are given on the ' +
          '“Shipping and payment” page; the shipping costs are also shown in the shopping cart and on ' +
          'the summary page.',
      ),
      p(
        'For drinks in packaging subject to a deposit (Pfand), we charge the deposit in addition. ' +
          'It is shown separately on the product page and in the shopping cart and is refunded when ' +
          'the containers are returned.',
      ),
    ),
    section(
      '6. Payment',
      p('You can pay with the following payment methods:'),
      list(
        'credit and debit card; the accepted card brands are shown during checkout',
        'digital wallets such as Apple Pay and Google Pay, provided your device and browser support ' +
          'them',
      ),
      p(
        `Payments are processed by the payment service provider ${STRIPE_ENTITY}, Ireland ` +
          '(“Stripe”). Your card details are transmitted in encrypted form directly to Stripe; we ' +
          'neither receive nor store them.',
      ),
      p(
        'The purchase price including shipping costs and deposit is due when you place the order ' +
          'and is charged when you complete the checkout. If no contract is concluded, we refund the ' +
          'amount without delay.',
      ),
      p(
        'We do not offer payment on invoice. We do not charge any extra fee for using a payment ' +
          'method.',
      ),
    ),
    section(
      '7. Delivery and delivery times',
      p(
        'We deliver to addresses in Germany and in the other member states of the European Union. ' +
          'Restrictions, for example for bulky goods, are described on the “Shipping and payment” ' +
          'page.',
      ),
      p(
        'The delivery time is stated on each product page. It begins on the day after the contract ' +
          'is concluded. If its last day falls on a Saturday, a Sunday or a public holiday at the ' +
          'place of delivery, it ends on the next working day.',
      ),
      p(
        'If your order contains goods with different delivery times, we generally ship them ' +
          'together as soon as all goods are ready for dispatch. We make partial deliveries only if ' +
          'they are reasonable for you; they do not cause you any additional shipping costs.',
      ),
      p(
        'If we cannot deliver an item because our supplier fails to supply us through no fault of ' +
          'ours, although we concluded a proper purchase contract with that supplier in good time, ' +
          'we will inform you without delay. In that case we may withdraw from the contract to that ' +
          'extent; we refund any payments already made without delay.',
      ),
      p(
        'If you are a consumer, the risk of accidental loss of or damage to the goods passes to you ' +
          'only when the goods are handed over to you or to a person you have authorised to receive ' +
          'them. If you are a business customer, the risk passes to you when the goods are handed ' +
          'over to the carrier.',
      ),
    ),
    section(
      '8. Right of withdrawal',
      p(
        'As a consumer you have a statutory right of withdrawal. Its conditions, consequences and ' +
          'exceptions are explained in the information on the right of withdrawal, which you find on ' +
          'the “Right of withdrawal” page and which we also send you with the order confirmation.',
      ),
    ),
    section(
      '9. Retention of title',
      p('The goods remain our property until the purchase price has been paid in full.'),
      p(
        'Towards business customers we retain title to the goods until all claims arising from the ' +
          'ongoing business relationship have been settled in full.',
      ),
    ),
    section(
      '10. Warranty',
      p(
        'The statutory rights for defects apply (Sections 434 et seq. BGB). If the goods are ' +
          'defective, you can first demand subsequent performance, meaning, at your choice, that we ' +
          'remedy the defect or deliver goods free of defects. Where the statutory conditions are met, ' +
          'you can also withdraw from the contract, reduce the purchase price, and claim damages or ' +
          'reimbursement of wasted expenditure; clause 11 applies to damages.',
      ),
      p(
        'Claims for defects become time-barred two years after delivery of the goods. For goods ' +
          'with digital elements, we ensure towards consumers, in accordance with Section 475b BGB, ' +
          'that the updates needed to keep the goods in conformity with the contract are provided.',
      ),
      p(
        'If you are a merchant, you must inspect the goods without delay after delivery and notify ' +
          'us of any apparent defects without delay (Section 377 of the German Commercial Code, HGB).',
      ),
      p(
        'Please report obvious transport damage to the delivery driver immediately if possible, and ' +
          'let us know. If you do not, this has no effect on your statutory rights; it does, however, ' +
          'help us to assert our own claims against the carrier.',
      ),
      p(
        'We give a guarantee only if it is expressly stated on the product page. Manufacturer ' +
          'guarantees exist alongside your statutory rights and do not limit them.',
      ),
    ),
    section(
      '11. Liability',
      p(
        'We are liable without limitation for damage resulting from injury to life, body or health, ' +
          'for damage caused intentionally or by gross negligence, under the German Product Liability ' +
          'Act (ProdHaftG), and to the extent of any guarantee we have given.',
      ),
      p(
        'If we breach an essential contractual obligation through slight negligence, our liability ' +
          'is limited to the damage that is typical for this kind of contract and foreseeable when ' +
          'the contract was concluded. Essential contractual obligations are those whose fulfilment ' +
          'makes the proper performance of the contract possible in the first place and on whose ' +
          'observance you may regularly rely, such as the obligation to hand over the goods to you ' +
          'free of defects and to transfer ownership of them to you.',
      ),
      p(
        'Apart from that, we are not liable for slightly negligent breaches of duty. These rules ' +
          'also apply in favour of our legal representatives, employees and vicarious agents.',
      ),
    ),
    section(
      '12. Dispute resolution',
      p(
        'We are neither obliged nor willing to take part in dispute resolution proceedings before a ' +
          'consumer arbitration board.',
      ),
      p(
        `If you are not satisfied with an order, please contact us directly (${o.email}); we will ` +
          'look for a solution together with you.',
      ),
    ),
    section(
      '13. Final provisions',
      p(
        'All contracts are governed by the law of the Federal Republic of Germany, excluding the UN ' +
          'Convention on Contracts for the International Sale of Goods (CISG). If you are a consumer ' +
          'with your habitual residence in another country, this choice of law applies only insofar ' +
          'as it does not deprive you of the protection of mandatory provisions of the law of that ' +
          'country.',
      ),
      p(
        'If you are a merchant, a legal entity under public law or a special fund under public law, ' +
          'the exclusive place of jurisdiction for all disputes arising from this contract is our ' +
          `place of business${filled(o.city) ? ` in ${o.city}` : ''}.`,
      ),
      p(
        'Should any provision of these terms be or become invalid, the remainder of the contract ' +
          'remains valid. The invalid provision is replaced by the statutory provisions.',
      ),
    ),
  ];
}

/* ------------------------------------------------------------------------------------------ */
/* Widerrufsbelehrung / Right of withdrawal                                                   */
/* ------------------------------------------------------------------------------------------ */

function widerrufDe(o: ShopOwner): (LegalSection | null)[] {
  return [
    section(
      'Widerrufsrecht',
      p(
        'Wenn Sie Verbraucher sind, haben Sie das Recht, diesen Vertrag binnen 14 Tagen ohne Angabe ' +
          'von Gründen zu widerrufen.',
      ),
      p(
        'Die Widerrufsfrist beträgt 14 Tage. Sie beginnt an dem Tag, an dem Sie oder ein von Ihnen ' +
          'benannter Dritter, der nicht der Beförderer ist, die Waren in Besitz genommen haben, und ' +
          'zwar',
      ),
      list(
        'bei einer Bestellung, die in einer Sendung geliefert wird: mit Erhalt dieser Sendung;',
        'bei mehreren Waren einer Bestellung, die getrennt geliefert werden: mit Erhalt der letzten ' +
          'Ware;',
        'bei einer Ware, die in mehreren Teilsendungen oder Stücken geliefert wird: mit Erhalt der ' +
          'letzten Teilsendung oder des letzten Stücks.',
      ),
    ),
    section(
      'Ausübung des Widerrufsrechts',
      p(
        'Um Ihr Widerrufsrecht auszuüben, müssen Sie uns mit einer eindeutigen Erklärung über Ihren ' +
          'Entschluss informieren, den Vertrag zu widerrufen, zum Beispiel mit einem Brief oder einer ' +
          'E-Mail. Bitte richten Sie die Erklärung an:',
      ),
      address(...postalLines(o), ...contactLines(o, 'de')),
      p(
        'Sie können den Vertrag außerdem über unsere elektronische Widerrufsfunktion widerrufen: ' +
          'Über die Schaltfläche „Vertrag widerrufen“ auf unserer Website gelangen Sie zu einer ' +
          'Seite, auf der Sie Ihre Bestellung angeben und den Widerruf mit der Schaltfläche „Widerruf ' +
          'bestätigen“ absenden. Den Eingang Ihres Widerrufs bestätigen wir Ihnen unverzüglich per ' +
          'E-Mail; die Bestätigung enthält den Inhalt Ihrer Erklärung sowie Datum und Uhrzeit des ' +
          'Eingangs.',
      ),
      p(
        'Sie können für den Widerruf auch das unten stehende Muster-Widerrufsformular verwenden; ' +
          'vorgeschrieben ist das nicht.',
      ),
      p(
        'Zur Wahrung der Widerrufsfrist reicht es aus, dass Sie die Mitteilung über die Ausübung ' +
          'des Widerrufsrechts vor Ablauf der Widerrufsfrist absenden.',
      ),
    ),
    section(
      'Folgen des Widerrufs',
      p(
        'Wenn Sie diesen Vertrag widerrufen, zahlen wir Ihnen alle Zahlungen, die wir von Ihnen ' +
          'erhalten haben, einschließlich der Lieferkosten und eines etwa gezahlten Pfands, ' +
          'unverzüglich und spätestens binnen 14 Tagen ab dem Tag zurück, an dem Ihre Mitteilung über ' +
          'den Widerruf bei uns eingegangen ist. Ausgenommen sind zusätzliche Kosten, die sich daraus ' +
          'ergeben, dass Sie eine andere Art der Lieferung als die von uns angebotene, günstigste ' +
          'Standardlieferung gewählt haben.',
      ),
      p(
        'Für die Rückzahlung verwenden wir dasselbe Zahlungsmittel, das Sie bei der ursprünglichen ' +
          'Zahlung eingesetzt haben, es sei denn, mit Ihnen wurde ausdrücklich etwas anderes ' +
          'vereinbart. In keinem Fall berechnen wir Ihnen wegen der Rückzahlung Entgelte.',
      ),
      p(
        'Wir können die Rückzahlung verweigern, bis wir die Waren wieder zurückerhalten haben oder ' +
          'bis Sie nachgewiesen haben, dass Sie die Waren zurückgesandt haben, je nachdem, welcher ' +
          'Zeitpunkt früher liegt.',
      ),
      p(
        'Sie haben die Waren unverzüglich und in jedem Fall spätestens binnen 14 Tagen ab dem Tag, ' +
          'an dem Sie uns über den Widerruf unterrichten, an uns zurückzusenden oder zu übergeben. ' +
          'Die Frist ist gewahrt, wenn Sie die Waren vor Ablauf der Frist absenden. Bitte senden Sie ' +
          'die Waren an:',
      ),
      address(...postalLines(o)),
      p(
        'Sie tragen die unmittelbaren Kosten der Rücksendung von Waren, die als Paket zurückgesandt ' +
          'werden können. Waren, die wegen ihrer Beschaffenheit nicht als Paket zurückgesandt werden ' +
          'können (Speditionsware), holen wir auf unsere Kosten bei Ihnen ab; bitte sprechen Sie den ' +
          'Abholtermin mit uns ab.',
      ),
      p(
        'Für einen etwaigen Wertverlust der Waren müssen Sie nur aufkommen, wenn dieser Wertverlust ' +
          'auf einen zur Prüfung der Beschaffenheit, der Eigenschaften und der Funktionsweise der ' +
          'Waren nicht notwendigen Umgang mit ihnen zurückzuführen ist.',
      ),
    ),
    section(
      'Ausschluss und vorzeitiges Erlöschen des Widerrufsrechts',
      p('Das Widerrufsrecht besteht nicht bei Verträgen über die Lieferung von'),
      list(
        'Waren, die nicht vorgefertigt sind und für deren Herstellung eine individuelle Auswahl oder ' +
          'Bestimmung durch Sie maßgeblich ist oder die eindeutig auf Ihre persönlichen Bedürfnisse ' +
          'zugeschnitten sind;',
        'Waren, die schnell verderben können oder deren Verfallsdatum schnell überschritten würde, ' +
          'etwa frische oder gekühlte Lebensmittel.',
      ),
      p('Das Widerrufsrecht erlischt vorzeitig bei Verträgen über die Lieferung von'),
      list(
        'versiegelten Waren, die aus Gründen des Gesundheitsschutzes oder der Hygiene nicht zur ' +
          'Rückgabe geeignet sind, wenn ihre Versiegelung nach der Lieferung entfernt wurde, zum ' +
          'Beispiel Pflege- oder Hygieneartikel mit geöffnetem Schutzsiegel;',
        'Waren, die nach der Lieferung aufgrund ihrer Beschaffenheit untrennbar mit anderen Gütern ' +
          'vermischt wurden;',
        'Ton- oder Videoaufnahmen oder Computersoftware in einer versiegelten Packung, wenn die ' +
          'Versiegelung nach der Lieferung entfernt wurde.',
      ),
    ),
    section(
      'Muster-Widerrufsformular',
      p(
        'Wenn Sie den Vertrag widerrufen wollen, können Sie dieses Formular ausfüllen und an uns ' +
          'zurücksenden.',
      ),
      p('An:'),
      address(...postalLines(o), filled(o.email) ? `E-Mail: ${o.email}` : ''),
      p(
        'Hiermit widerrufe(n) ich/wir (*) den von mir/uns (*) abgeschlossenen Vertrag über den Kauf ' +
          'der folgenden Waren:',
      ),
      list(
        'Waren und Bestellnummer: ______________________',
        'Bestellt am (*) / erhalten am (*): ______________________',
        'Name des/der Verbraucher(s): ______________________',
        'Anschrift des/der Verbraucher(s): ______________________',
        'Unterschrift des/der Verbraucher(s) (nur bei Mitteilung auf Papier): ______________________',
        'Datum: ______________________',
      ),
      p('(*) Unzutreffendes streichen.'),
    ),
  ];
}

function widerrufEn(o: ShopOwner): (LegalSection | null)[] {
  return [
    section(
      'Right of withdrawal',
      p(
        'If you are a consumer, you have the right to withdraw from this contract within 14 days ' +
          'without giving any reason.',
      ),
      p(
        'The withdrawal period is 14 days. It begins on the day on which you, or a third party ' +
          'named by you who is not the carrier, take physical possession of the goods, namely',
      ),
      list(
        'for an order delivered in one shipment: when you receive that shipment;',
        'for several goods in one order that are delivered separately: when you receive the last ' +
          'of them;',
        'for goods delivered in several lots or pieces: when you receive the last lot or piece.',
      ),
    ),
    section(
      'How to exercise the right of withdrawal',
      p(
        'To exercise your right of withdrawal, you must inform us of your decision to withdraw from ' +
          'the contract by an unequivocal statement, for example a letter or an e-mail. Please send ' +
          'your statement to:',
      ),
      address(...postalLines(o), ...contactLines(o, 'en')),
      p(
        'You can also withdraw from the contract using our electronic withdrawal function: the ' +
          '“Withdraw from contract” button on our website takes you to a page where you identify ' +
          'your order and submit the withdrawal with the “Confirm withdrawal” button. We confirm ' +
          'receipt of your withdrawal by e-mail without delay; the confirmation states the content ' +
          'of your statement and the date and time it was received.',
      ),
      p('You may use the model withdrawal form below for your withdrawal, but you do not have to.'),
      p(
        'To meet the withdrawal deadline, it is sufficient for you to send your communication ' +
          'exercising the right of withdrawal before the withdrawal period has expired.',
      ),
    ),
    section(
      'Consequences of withdrawal',
      p(
        'If you withdraw from this contract, we will reimburse all payments received from you, ' +
          'including the costs of delivery and any deposit paid, without undue delay and at the ' +
          'latest within 14 days from the day on which we receive your notice of withdrawal. This ' +
          'does not include additional costs resulting from your choice of a type of delivery other ' +
          'than the least expensive standard delivery offered by us.',
      ),
      p(
        'We will use the same means of payment that you used for the original transaction, unless ' +
          'expressly agreed otherwise with you. In no case will you be charged any fees for the ' +
          'reimbursement.',
      ),
      p(
        'We may withhold the reimbursement until we have received the goods back or until you have ' +
          'supplied evidence of having sent them back, whichever is earlier.',
      ),
      p(
        'You must send back or hand over the goods to us without undue delay and in any event no ' +
          'later than 14 days from the day on which you inform us of your withdrawal. The deadline is ' +
          'met if you send the goods before the 14 days have expired. Please send the goods to:',
      ),
      address(...postalLines(o)),
      p(
        'You bear the direct costs of returning goods that can be sent back as a parcel. Goods that ' +
          'by their nature cannot be returned as a parcel (freight goods) will be collected from you ' +
          'at our expense; please arrange a collection date with us.',
      ),
      p(
        'You are only liable for any diminished value of the goods resulting from handling other ' +
          'than what is necessary to establish the nature, characteristics and functioning of the ' +
          'goods.',
      ),
    ),
    section(
      'Exceptions and early expiry of the right of withdrawal',
      p('There is no right of withdrawal for contracts for the supply of'),
      list(
        'goods that are not prefabricated and are made according to your individual choice or ' +
          'specification, or that are clearly tailored to your personal needs;',
        'goods that are liable to deteriorate rapidly or whose use-by date would soon be exceeded, ' +
          'such as fresh or chilled food.',
      ),
      p('The right of withdrawal expires early for contracts for the supply of'),
      list(
        'sealed goods that are not suitable for return for reasons of health protection or hygiene, ' +
          'if they have been unsealed after delivery, for example care or hygiene products whose ' +
          'protective seal has been opened;',
        'goods that, by their nature, have become inseparably mixed with other items after ' +
          'delivery;',
        'sealed audio or video recordings or computer software, if they have been unsealed after ' +
          'delivery.',
      ),
    ),
    section(
      'Model withdrawal form',
      p('If you wish to withdraw from the contract, you can complete this form and send it to us.'),
      p('To:'),
      address(...postalLines(o), filled(o.email) ? `E-mail: ${o.email}` : ''),
      p(
        'I/We (*) hereby withdraw from the contract I/we (*) concluded for the purchase of the ' +
          'following goods:',
      ),
      list(
        'Goods and order number: ______________________',
        'Ordered on (*) / received on (*): ______________________',
        'Name of consumer(s): ______________________',
        'Address of consumer(s): ______________________',
        'Signature of consumer(s) (only if this form is sent on paper): ______________________',
        'Date: ______________________',
      ),
      p('(*) Delete as appropriate.'),
    ),
  ];
}

/* ------------------------------------------------------------------------------------------ */
/* Datenschutzerklärung / Privacy policy                                                      */
/* ------------------------------------------------------------------------------------------ */

function datenschutzDe(o: ShopOwner): (LegalSection | null)[] {
  return [
    section(
      'Verantwortlicher',
      p(
        'Verantwortlich für die Verarbeitung personenbezogener Daten in diesem Online-Shop im Sinne ' +
          'der Datenschutz-Grundverordnung (DSGVO) ist:',
      ),
      address(
        ...postalLines(o),
        filled(o.representative) ? `Vertreten durch: ${o.representative}` : '',
        ...contactLines(o, 'de'),
      ),
      p(
        'Bei Fragen zum Datenschutz erreichen Sie uns unter der oben genannten Anschrift oder per ' +
          `E-Mail an ${o.email}. Einen Datenschutzbeauftragten haben wir nicht benannt, weil wir ` +
          'dazu gesetzlich nicht verpflichtet sind.',
      ),
    ),
    section(
      'Überblick und Rechtsgrundlagen',
      p(
        'Wir verarbeiten personenbezogene Daten nur, soweit das für den Betrieb dieses Shops, für ' +
          'die Abwicklung Ihrer Bestellungen und für die Beantwortung Ihrer Anfragen erforderlich ist ' +
          'oder Sie eingewilligt haben. Rechtsgrundlagen sind insbesondere:',
      ),
      list(
        'Art. 6 Abs. 1 lit. a DSGVO, wenn Sie in eine Verarbeitung eingewilligt haben;',
        'Art. 6 Abs. 1 lit. b DSGVO, wenn die Verarbeitung für die Erfüllung eines Vertrags mit ' +
          'Ihnen oder für vorvertragliche Maßnahmen erforderlich ist;',
        'Art. 6 Abs. 1 lit. c DSGVO, wenn wir eine rechtliche Pflicht erfüllen, etwa steuer- und ' +
          'handelsrechtliche Aufbewahrungspflichten;',
        'Art. 6 Abs. 1 lit. f DSGVO, wenn die Verarbeitung zur Wahrung unserer berechtigten ' +
          'Interessen erforderlich ist und Ihre Interessen nicht überwiegen.',
      ),
      p(
        'Die Angaben, die wir für eine Bestellung benötigen, sind im Bestellvorgang als Pflichtfelder ' +
          'gekennzeichnet; ohne sie können wir keinen Vertrag mit Ihnen schließen. Eine ausschließlich ' +
          'automatisierte Entscheidungsfindung einschließlich Profiling nach Art. 22 DSGVO nehmen wir ' +
          'nicht vor.',
      ),
      p(
        'Die Verbindung zu unserem Shop ist durchgehend per TLS verschlüsselt. Unseren Shop betreiben ' +
          'wir bei einem Hosting-Dienstleister, der Daten ausschließlich in unserem Auftrag und nach ' +
          'unseren Weisungen verarbeitet (Auftragsverarbeitung nach Art. 28 DSGVO).',
      ),
    ),
    section(
      'Aufruf der Website und Server-Logfiles',
      p(
        'Bei jedem Aufruf unserer Website übermittelt Ihr Browser automatisch Daten an unseren ' +
          'Server, die wir in Protokolldateien (Server-Logfiles) speichern:',
      ),
      list(
        'IP-Adresse des anfragenden Geräts',
        'Datum und Uhrzeit des Zugriffs',
        'aufgerufene Seite oder Datei, übertragene Datenmenge und HTTP-Statuscode',
        'die Seite, von der aus Sie zu uns gelangt sind (Referrer), soweit Ihr Browser sie übermittelt',
        'Browsertyp und -version sowie Betriebssystem (User-Agent)',
      ),
      p(
        'Diese Daten benötigen wir, um die Website auszuliefern, Fehler zu finden und die Sicherheit ' +
          'des Shops zu gewährleisten, etwa um Angriffe zu erkennen und abzuwehren. Rechtsgrundlage ' +
          'ist Art. 6 Abs. 1 lit. f DSGVO; unser berechtigtes Interesse liegt im sicheren und ' +
          'störungsfreien Betrieb des Shops.',
      ),
      p(
        'Wir löschen die Logfiles nach spätestens 14 Tagen. Einträge, die wir zur Aufklärung eines ' +
          'konkreten Sicherheitsvorfalls brauchen, bewahren wir auf, bis der Vorfall abschließend ' +
          'geklärt ist.',
      ),
    ),
    section(
      'Cookies',
      p(
        'Wir verwenden nur Cookies, die für den Betrieb des Shops unbedingt erforderlich sind. Für ' +
          'das Speichern dieser Cookies auf Ihrem Gerät ist nach § 25 Abs. 2 Nr. 2 des ' +
          'Telekommunikation-Digitale-Dienste-Datenschutz-Gesetzes (TDDDG) keine Einwilligung ' +
          'erforderlich.',
      ),
      table(
        ['Name', 'Zweck', 'Speicherdauer'],
        [
          [
            'sid',
            'Sitzungskennung: hält Warenkorb, Anmeldung und Bestellvorgang über mehrere Seitenaufrufe ' +
              'hinweg zusammen',
            'bis zum Ablauf der Sitzung, höchstens 30 Tage',
          ],
          ['lang', 'speichert die von Ihnen gewählte Sprache (Deutsch oder Englisch)', '1 Jahr'],
        ],
      ),
      p(
        'Der Cookie „sid“ enthält nur eine zufällig erzeugte Kennung. Auf unserem Server speichern ' +
          'wir nicht die Kennung selbst, sondern einen daraus berechneten Hashwert zusammen mit den ' +
          'Sitzungsdaten, etwa dem Inhalt Ihres Warenkorbs und Ihrem Anmeldestatus. Abgelaufene ' +
          'Sitzungen löschen wir regelmäßig.',
      ),
      p(
        'Rechtsgrundlage für die damit verbundene Verarbeitung ist Art. 6 Abs. 1 lit. b DSGVO, ' +
          'soweit sie der Anbahnung oder Durchführung eines Vertrags dient, im Übrigen Art. 6 Abs. 1 ' +
          'lit. f DSGVO; unser berechtigtes Interesse liegt in einem funktionsfähigen Shop und darin, ' +
          'Ihnen die Seiten in der gewählten Sprache anzuzeigen.',
      ),
      p(
        'Sie können Cookies in den Einstellungen Ihres Browsers löschen oder blockieren. Ohne den ' +
          'Cookie „sid“ können Sie jedoch keine Waren in den Warenkorb legen, sich nicht anmelden und ' +
          'nicht bestellen.',
      ),
    ),
    section(
      'Kundenkonto',
      p(
        'Sie können ein Kundenkonto anlegen; eine Bestellung ist aber auch als Gast möglich. Für das ' +
          'Kundenkonto verarbeiten wir Ihren Namen, Ihre E-Mail-Adresse, Ihr Passwort (nur als ' +
          'sicheren Hashwert, nie im Klartext), die von Ihnen gespeicherten Anschriften und Ihre ' +
          'Bestellhistorie. Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO.',
      ),
      p(
        `Sie können Ihr Kundenkonto jederzeit löschen lassen; eine Nachricht an ${o.email} genügt. ` +
          'Wir löschen die Kontodaten dann, soweit keine gesetzlichen Aufbewahrungspflichten ' +
          'entgegenstehen. Daten zu Bestellungen, die wir aufbewahren müssen, sperren wir bis zum ' +
          'Ablauf der Fristen für jede andere Verwendung.',
      ),
    ),
    section(
      'Bestellungen und Versand',
      p('Wenn Sie bei uns bestellen, verarbeiten wir die Daten, die wir zur Abwicklung benötigen:'),
      list(
        'Name sowie Rechnungs- und Lieferanschrift',
        'E-Mail-Adresse',
        'Telefonnummer, wenn Sie sie angeben',
        'bestellte Waren, Preise, gewählte Versand- und Zahlungsart sowie den Zahlungsstatus',
        'Zeitpunkte von Bestellung, Zahlung und Versand',
        'Korrespondenz zur Bestellung, etwa zu Rücksendungen oder Reklamationen',
      ),
      p(
        'Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO. Soweit wir Bestelldaten wegen handels- und ' +
          'steuerrechtlicher Pflichten aufbewahren, ist Rechtsgrundlage Art. 6 Abs. 1 lit. c DSGVO.',
      ),
      p(
        'Für die Zustellung geben wir Ihren Namen und Ihre Lieferanschrift an das beauftragte ' +
          'Versandunternehmen weiter (Art. 6 Abs. 1 lit. b DSGVO). Bei Speditionsware erhält die ' +
          'Spedition zusätzlich Ihre Telefonnummer, damit sie den Liefertermin mit Ihnen abstimmen ' +
          'kann. Ihre E-Mail-Adresse geben wir an ein Versandunternehmen nur weiter, wenn Sie dem im ' +
          'Bestellvorgang ausdrücklich zugestimmt haben, damit es Ihnen die Zustellung ankündigen ' +
          'kann (Art. 6 Abs. 1 lit. a DSGVO). Diese Einwilligung können Sie jederzeit mit Wirkung für ' +
          'die Zukunft widerrufen.',
      ),
    ),
    section(
      'Zahlung über Stripe',
      p(
        `Für die Zahlungsabwicklung nutzen wir den Dienst der ${STRIPE_ENTITY}, Irland („Stripe“). ` +
          'Wenn Sie mit Karte oder über ein Wallet wie Apple Pay oder Google Pay bezahlen, werden ' +
          'Ihre Zahlungsdaten (etwa Kartennummer, Ablaufdatum und Prüfziffer), Ihr Name, Ihre ' +
          'E-Mail-Adresse, Ihre Rechnungsanschrift, Betrag und Bestellnummer sowie technische Angaben ' +
          'zu Ihrem Gerät einschließlich der IP-Adresse direkt an Stripe übermittelt. Ihre ' +
          'vollständigen Kartendaten erhalten und speichern wir nicht.',
      ),
      p(
        'Stripe verarbeitet diese Daten zum Teil als unser Auftragsverarbeiter (Art. 28 DSGVO) und ' +
          'zum Teil als eigenständig Verantwortlicher, insbesondere soweit Stripe eigene gesetzliche ' +
          'Pflichten erfüllt, etwa zur Verhinderung von Betrug und Geldwäsche, und Zahlungen dafür ' +
          'automatisiert auf Betrugsrisiken prüft. Rechtsgrundlage der Übermittlung ist Art. 6 ' +
          'Abs. 1 lit. b DSGVO, für die Betrugsprävention zusätzlich Art. 6 Abs. 1 lit. c und f DSGVO.',
      ),
      p(
        'Beim Bezahlen lädt Ihr Browser Zahlungsformulare und Skripte von Stripe. Stripe kann dabei ' +
          'Cookies oder ähnliche Technologien einsetzen, die für eine sichere Zahlung und die ' +
          'Betrugserkennung unbedingt erforderlich sind (§ 25 Abs. 2 Nr. 2 TDDDG). Zahlen Sie mit ' +
          'einem Wallet, verarbeitet außerdem dessen Anbieter, etwa Apple oder Google, Daten in ' +
          'eigener Verantwortung nach seinen Datenschutzbestimmungen.',
      ),
      p(
        'Stripe kann Daten an die Stripe, Inc. in den USA und an weitere Unternehmen der ' +
          'Stripe-Gruppe in Drittländern übermitteln. Die Stripe, Inc. ist nach dem EU-US Data ' +
          'Privacy Framework zertifiziert, für das die EU-Kommission einen Angemessenheitsbeschluss ' +
          'nach Art. 45 DSGVO erlassen hat; darüber hinaus setzt Stripe Standardvertragsklauseln der ' +
          'EU-Kommission nach Art. 46 Abs. 2 lit. c DSGVO ein. Weitere Informationen finden Sie in ' +
          'der Datenschutzerklärung von Stripe unter https://stripe.com/de/privacy.',
      ),
    ),
    section(
      'Kontaktformular',
      p(
        'Wenn Sie uns über das Kontaktformular schreiben, verarbeiten wir Ihren Namen, Ihre ' +
          'E-Mail-Adresse, Ihre Nachricht und, falls angegeben, Ihre Bestellnummer, um Ihre Anfrage ' +
          'zu bearbeiten. Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO, wenn Ihre Anfrage mit einem ' +
          'Vertrag oder dessen Anbahnung zusammenhängt, im Übrigen Art. 6 Abs. 1 lit. f DSGVO; unser ' +
          'berechtigtes Interesse liegt in der Beantwortung Ihrer Anfrage.',
      ),
      p(
        'Zum Schutz vor automatisiert versandten Spam-Nachrichten sichern wir das Kontaktformular ' +
          'mit einem Captcha. Das Captcha läuft auf unserem eigenen Server; dafür verarbeiten wir ' +
          'Ihre IP-Adresse und die technischen Angaben zur Lösung der Aufgabe nur kurzzeitig und ' +
          'ausschließlich zur Abwehr von Missbrauch. Daten werden dabei nicht an Dritte übermittelt ' +
          'und nicht zu Profilen zusammengeführt. Rechtsgrundlage ist Art. 6 Abs. 1 lit. f DSGVO; ' +
          'unser berechtigtes Interesse liegt im Schutz des Formulars vor Missbrauch.',
      ),
    ),
    section(
      'E-Mail',
      p(
        'Wenn Sie uns eine E-Mail schreiben, verarbeiten wir Ihre E-Mail-Adresse, Ihren Namen, soweit ' +
          'angegeben, und den Inhalt Ihrer Nachricht, um Ihr Anliegen zu bearbeiten. Es gelten ' +
          'dieselben Rechtsgrundlagen wie beim Kontaktformular.',
      ),
      p(
        'Zu Ihrer Bestellung senden wir Ihnen E-Mails, die für die Vertragsabwicklung erforderlich ' +
          'sind, etwa die Eingangs- und Auftragsbestätigung, Versandbenachrichtigungen und ' +
          'Informationen zu Rücksendungen und Erstattungen (Art. 6 Abs. 1 lit. b DSGVO). Setzen wir ' +
          'für den Versand von E-Mails einen Dienstleister ein, verarbeitet dieser die Daten als ' +
          'unser Auftragsverarbeiter nach Art. 28 DSGVO.',
      ),
      p(
        'Werbe-E-Mails oder einen Newsletter senden wir Ihnen nur, wenn Sie vorher ausdrücklich ' +
          'eingewilligt haben.',
      ),
    ),
    section(
      'Kein Tracking ohne Einwilligung',
      p(
        'Wir setzen keine Analyse-, Tracking- oder Werbedienste ein und binden außerhalb des ' +
          'Bezahlvorgangs keine Inhalte von Drittanbietern ein, die beim Aufruf unserer Seiten Daten ' +
          'an Dritte übertragen. Sollten wir solche Dienste künftig nutzen wollen, holen wir vorher ' +
          'Ihre Einwilligung ein (§ 25 Abs. 1 TDDDG, Art. 6 Abs. 1 lit. a DSGVO), die Sie jederzeit ' +
          'widerrufen können, und ergänzen diese Datenschutzerklärung.',
      ),
    ),
    section(
      'Speicherdauer',
      p(
        'Wir speichern personenbezogene Daten nur so lange, wie es für den jeweiligen Zweck ' +
          'erforderlich ist oder gesetzliche Aufbewahrungspflichten bestehen:',
      ),
      table(
        ['Daten', 'Speicherdauer'],
        [
          ['Server-Logfiles', '14 Tage'],
          ['Sitzungsdaten (Cookie „sid“)', 'bis zum Ablauf der Sitzung, höchstens 30 Tage'],
          ['Spracheinstellung (Cookie „lang“)', '1 Jahr'],
          ['Kundenkonto', 'bis zur Löschung des Kontos'],
          [
            'Rechnungen und andere Buchungsbelege zu Bestellungen',
            '8 Jahre (§ 147 Abgabenordnung, § 257 Handelsgesetzbuch)',
          ],
          ['Geschäftsbriefe, etwa Korrespondenz zu Bestellungen', '6 Jahre'],
          ['Anfragen ohne Bezug zu einer Bestellung', 'bis zur Erledigung, höchstens 6 Monate'],
        ],
      ),
      p(
        'Die gesetzlichen Aufbewahrungsfristen beginnen mit dem Ende des Kalenderjahres, in dem die ' +
          'Unterlage entstanden ist. Nach Ablauf der jeweiligen Frist löschen wir die Daten.',
      ),
    ),
    section(
      'Ihre Rechte',
      p('Ihnen stehen uns gegenüber folgende Rechte hinsichtlich Ihrer Daten zu:'),
      list(
        'Auskunft über die von uns verarbeiteten Daten (Art. 15 DSGVO)',
        'Berichtigung unrichtiger und Vervollständigung unvollständiger Daten (Art. 16 DSGVO)',
        'Löschung Ihrer Daten, soweit keine gesetzlichen Gründe entgegenstehen (Art. 17 DSGVO)',
        'Einschränkung der Verarbeitung (Art. 18 DSGVO)',
        'Datenübertragbarkeit, also Erhalt der Daten, die Sie uns bereitgestellt haben, in einem ' +
          'strukturierten, gängigen und maschinenlesbaren Format (Art. 20 DSGVO)',
        'Widerspruch gegen die Verarbeitung (Art. 21 DSGVO, siehe unten)',
        'Widerruf einer erteilten Einwilligung mit Wirkung für die Zukunft (Art. 7 Abs. 3 DSGVO)',
      ),
      p(
        'Haben wir Ihre Daten an andere Empfänger weitergegeben, teilen wir diesen eine ' +
          'Berichtigung, Löschung oder Einschränkung mit, soweit das möglich und zumutbar ist ' +
          '(Art. 19 DSGVO).',
      ),
      p(
        `Um Ihre Rechte auszuüben, genügt eine formlose Nachricht an ${o.email} oder an unsere ` +
          'Postanschrift.',
      ),
    ),
    section(
      'Widerspruchsrecht',
      p(
        'Verarbeiten wir Ihre Daten auf Grundlage berechtigter Interessen (Art. 6 Abs. 1 lit. f ' +
          'DSGVO), können Sie dieser Verarbeitung aus Gründen, die sich aus Ihrer besonderen ' +
          'Situation ergeben, jederzeit widersprechen (Art. 21 Abs. 1 DSGVO). Wir verarbeiten die ' +
          'Daten dann nicht mehr, es sei denn, wir können zwingende schutzwürdige Gründe nachweisen, ' +
          'die Ihre Interessen, Rechte und Freiheiten überwiegen, oder die Verarbeitung dient der ' +
          'Geltendmachung, Ausübung oder Verteidigung von Rechtsansprüchen.',
      ),
      p(
        'Verarbeiten wir Ihre Daten für Direktwerbung, können Sie dem jederzeit ohne Angabe von ' +
          'Gründen widersprechen (Art. 21 Abs. 2 DSGVO); wir nutzen die Daten dann nicht mehr für ' +
          'diesen Zweck.',
      ),
    ),
    section(
      'Beschwerderecht bei einer Aufsichtsbehörde',
      p(
        'Wenn Sie der Ansicht sind, dass die Verarbeitung Ihrer Daten gegen die DSGVO verstößt, ' +
          'können Sie sich bei einer Datenschutz-Aufsichtsbehörde beschweren (Art. 77 DSGVO), ' +
          'insbesondere in dem Mitgliedstaat Ihres gewöhnlichen Aufenthalts, Ihres Arbeitsplatzes ' +
          'oder des Orts des mutmaßlichen Verstoßes. Für uns zuständig ist die ' +
          'Datenschutz-Aufsichtsbehörde des Bundeslandes, in dem wir unseren Sitz haben.',
      ),
    ),
    section(
      'Änderungen dieser Datenschutzerklärung',
      p(
        'Wir passen diese Datenschutzerklärung an, wenn sich unsere Datenverarbeitung oder die ' +
          'Rechtslage ändert. Es gilt die jeweils auf dieser Seite veröffentlichte Fassung.',
      ),
    ),
  ];
}

function datenschutzEn(o: ShopOwner): (LegalSection | null)[] {
  return [
    section(
      'Controller',
      p(
        'The controller responsible for processing personal data in this online shop within the ' +
          'meaning of the General Data Protection Regulation (GDPR) is:',
      ),
      address(
        ...postalLines(o),
        filled(o.representative) ? `Represented by: ${o.representative}` : '',
        ...contactLines(o, 'en'),
      ),
      p(
        'If you have any questions about data protection, you can reach us at the address above or ' +
          `by e-mail at ${o.email}. We have not appointed a data protection officer because we are ` +
          'not legally required to do so.',
      ),
    ),
    section(
      'Overview and legal bases',
      p(
        'We process personal data only to the extent necessary to run this shop, to handle your ' +
          'orders and to answer your enquiries, or where you have given your consent. The legal ' +
          'bases are in particular:',
      ),
      list(
        'Art. 6(1)(a) GDPR where you have consented to the processing;',
        'Art. 6(1)(b) GDPR where the processing is necessary to perform a contract with you or to ' +
          'take steps before entering into a contract;',
        'Art. 6(1)(c) GDPR where we comply with a legal obligation, such as retention obligations ' +
          'under tax and commercial law;',
        'Art. 6(1)(f) GDPR where the processing is necessary for our legitimate interests and your ' +
          'interests do not override them.',
      ),
      p(
        'The details we need for an order are marked as required fields during checkout; without ' +
          'them we cannot conclude a contract with you. We do not make decisions based solely on ' +
          'automated processing, including profiling, within the meaning of Art. 22 GDPR.',
      ),
      p(
        'The connection to our shop is encrypted with TLS throughout. Our shop runs with a hosting ' +
          'provider that processes data only on our behalf and according to our instructions ' +
          '(processing on behalf under Art. 28 GDPR).',
      ),
    ),
    section(
      'Visiting the website and server log files',
      p(
        'Each time you visit our website, your browser automatically sends data to our server, ' +
          'which we store in log files:',
      ),
      list(
        'IP address of the requesting device',
        'date and time of access',
        'page or file requested, amount of data transferred and HTTP status code',
        'the page from which you came to us (referrer), if your browser sends it',
        'browser type and version and operating system (user agent)',
      ),
      p(
        'We need this data to deliver the website, to find errors and to keep the shop secure, for ' +
          'example to detect and fend off attacks. The legal basis is Art. 6(1)(f) GDPR; our ' +
          'legitimate interest is the secure and uninterrupted operation of the shop.',
      ),
      p(
        'We delete the log files after 14 days at the latest. Entries we need to investigate a ' +
          'specific security incident are kept until the incident has been fully resolved.',
      ),
    ),
    section(
      'Cookies',
      p(
        'We only use cookies that are strictly necessary to run the shop. Under Section 25(2) no. 2 ' +
          'of the German Telecommunications Digital Services Data Protection Act (TDDDG), storing ' +
          'these cookies on your device does not require consent.',
      ),
      table(
        ['Name', 'Purpose', 'Lifetime'],
        [
          [
            'sid',
            'session identifier: keeps your shopping cart, sign-in and checkout together across page ' +
              'views',
            'until the session expires, at most 30 days',
          ],
          ['lang', 'stores the language you have chosen (German or English)', '1 year'],
        ],
      ),
      p(
        'The “sid” cookie contains only a randomly generated identifier. On our server we do not ' +
          'store the identifier itself but a hash value derived from it, together with the session ' +
          'data, such as the contents of your shopping cart and whether you are signed in. We delete ' +
          'expired sessions regularly.',
      ),
      p(
        'The legal basis for the related processing is Art. 6(1)(b) GDPR where it serves to prepare ' +
          'or perform a contract, and otherwise Art. 6(1)(f) GDPR; our legitimate interest is a ' +
          'working shop and showing you the pages in the language you have chosen.',
      ),
      p(
        'You can delete or block cookies in your browser settings. Without the “sid” cookie, ' +
          'however, you cannot add goods to the shopping cart, sign in or place an order.',
      ),
    ),
    section(
      'Customer account',
      p(
        'You can create a customer account, but you can also order as a guest. For the customer ' +
          'account we process your name, your e-mail address, your password (only as a secure hash, ' +
          'never in plain text), the addresses you save and your order history. The legal basis is ' +
          'Art. 6(1)(b) GDPR.',
      ),
      p(
        'You can have your customer account deleted at any time; a message to ' +
          `${o.email} is enough. We then delete the account data unless statutory retention ` +
          'obligations prevent this. Order data we are required to keep is blocked for any other ' +
          'use until the retention periods have expired.',
      ),
    ),
    section(
      'Orders and shipping',
      p('When you place an order, we process the data we need to handle it:'),
      list(
        'name and billing and delivery address',
        'e-mail address',
        'phone number, if you provide it',
        'goods ordered, prices, chosen shipping and payment method, and payment status',
        'dates and times of order, payment and dispatch',
        'correspondence about the order, for example about returns or complaints',
      ),
      p(
        'The legal basis is Art. 6(1)(b) GDPR. Where we keep order data because of obligations under ' +
          'commercial and tax law, the legal basis is Art. 6(1)(c) GDPR.',
      ),
      p(
        'For delivery, we pass your name and delivery address to the carrier we have engaged ' +
          '(Art. 6(1)(b) GDPR). For freight goods, the forwarding agent also receives your phone ' +
          'number so that it can arrange a delivery date with you. We pass your e-mail address to a ' +
          'carrier only if you have expressly agreed to this during checkout, so that the carrier ' +
          'can notify you of the delivery (Art. 6(1)(a) GDPR). You can withdraw this consent at any ' +
          'time with effect for the future.',
      ),
    ),
    section(
      'Payment via Stripe',
      p(
        `We use the services of ${STRIPE_ENTITY}, Ireland (“Stripe”) to process payments. When you ` +
          'pay by card or with a wallet such as Apple Pay or Google Pay, your payment details (such ' +
          'as card number, expiry date and security code), your name, e-mail address and billing ' +
          'address, the amount and order number, and technical information about your device ' +
          'including the IP address are transmitted directly to Stripe. We do not receive or store ' +
          'your full card details.',
      ),
      p(
        'Stripe processes this data partly as our processor (Art. 28 GDPR) and partly as an ' +
          'independent controller, in particular where Stripe complies with its own legal ' +
          'obligations, for example to prevent fraud and money laundering, and for that purpose ' +
          'checks payments for fraud risks by automated means. The legal basis for the transfer is ' +
          'Art. 6(1)(b) GDPR, and for fraud prevention also Art. 6(1)(c) and (f) GDPR.',
      ),
      p(
        'When you pay, your browser loads payment forms and scripts from Stripe. Stripe may use ' +
          'cookies or similar technologies that are strictly necessary for secure payment and fraud ' +
          'detection (Section 25(2) no. 2 TDDDG). If you pay with a wallet, the wallet provider, such ' +
          'as Apple or Google, also processes data as an independent controller under its own ' +
          'privacy policy.',
      ),
      p(
        'Stripe may transfer data to Stripe, Inc. in the USA and to other Stripe group companies in ' +
          'third countries. Stripe, Inc. is certified under the EU-U.S. Data Privacy Framework, for ' +
          'which the European Commission has adopted an adequacy decision under Art. 45 GDPR; in ' +
          'addition, Stripe uses the European Commission’s standard contractual clauses under ' +
          'Art. 46(2)(c) GDPR. You can find more information in Stripe’s privacy policy at ' +
          'https://stripe.com/privacy.',
      ),
    ),
    section(
      'Contact form',
      p(
        'When you write to us using the contact form, we process your name, your e-mail address, ' +
          'your message and, if provided, your order number in order to handle your enquiry. The ' +
          'legal basis is Art. 6(1)(b) GDPR if your enquiry relates to a contract or its ' +
          'preparation, and otherwise Art. 6(1)(f) GDPR; our legitimate interest is answering your ' +
          'enquiry.',
      ),
      p(
        'To protect the contact form against automated spam, we secure it with a captcha. The ' +
          'captcha runs on our own server; for this we process your IP address and the technical ' +
          'details of solving the challenge only briefly and solely to prevent abuse. No data is ' +
          'passed to third parties or combined into profiles. The legal basis is Art. 6(1)(f) GDPR; ' +
          'our legitimate interest is protecting the form against abuse.',
      ),
    ),
    section(
      'E-mail',
      p(
        'When you send us an e-mail, we process your e-mail address, your name if given, and the ' +
          'content of your message in order to deal with your request. The same legal bases apply as ' +
          'for the contact form.',
      ),
      p(
        'For your order we send you the e-mails needed to perform the contract, such as the ' +
          'acknowledgement of receipt and order confirmation, shipping notifications and information ' +
          'about returns and refunds (Art. 6(1)(b) GDPR). If we use a service provider to send ' +
          'e-mails, it processes the data as our processor under Art. 28 GDPR.',
      ),
      p(
        'We only send you advertising e-mails or a newsletter if you have expressly consented ' +
          'beforehand.',
      ),
    ),
    section(
      'No tracking without consent',
      p(
        'We do not use analytics, tracking or advertising services, and apart from the payment ' +
          'process we do not embed third-party content that transmits data to third parties when ' +
          'you visit our pages. Should we wish to use such services in the future, we will first ask ' +
          'for your consent (Section 25(1) TDDDG, Art. 6(1)(a) GDPR), which you can withdraw at any ' +
          'time, and update this privacy policy.',
      ),
    ),
    section(
      'Retention periods',
      p(
        'We store personal data only for as long as it is needed for the respective purpose or as ' +
          'statutory retention obligations require:',
      ),
      table(
        ['Data', 'Retention period'],
        [
          ['Server log files', '14 days'],
          ['Session data (“sid” cookie)', 'until the session expires, at most 30 days'],
          ['Language setting (“lang” cookie)', '1 year'],
          ['Customer account', 'until the account is deleted'],
          [
            'Invoices and other accounting records for orders',
            '8 years (Section 147 of the German Fiscal Code, Section 257 of the German Commercial ' +
              'Code)',
          ],
          ['Business correspondence, such as correspondence about orders', '6 years'],
          ['Enquiries not related to an order', 'until dealt with, at most 6 months'],
        ],
      ),
      p(
        'The statutory retention periods begin at the end of the calendar year in which the record ' +
          'was created. When the respective period has expired, we delete the data.',
      ),
    ),
    section(
      'Your rights',
      p('You have the following rights towards us regarding your data:'),
      list(
        'access to the data we process about you (Art. 15 GDPR)',
        'rectification of inaccurate data and completion of incomplete data (Art. 16 GDPR)',
        'erasure of your data unless statutory reasons prevent it (Art. 17 GDPR)',
        'restriction of processing (Art. 18 GDPR)',
        'data portability, that is receiving the data you have provided to us in a structured, ' +
          'commonly used and machine-readable format (Art. 20 GDPR)',
        'objection to processing (Art. 21 GDPR, see below)',
        'withdrawal of any consent given, with effect for the future (Art. 7(3) GDPR)',
      ),
      p(
        'If we have disclosed your data to other recipients, we inform them of any rectification, ' +
          'erasure or restriction, as far as this is possible and reasonable (Art. 19 GDPR).',
      ),
      p(
        `To exercise your rights, an informal message to ${o.email} or to our postal address is ` +
          'sufficient.',
      ),
    ),
    section(
      'Right to object',
      p(
        'Where we process your data on the basis of legitimate interests (Art. 6(1)(f) GDPR), you ' +
          'may object to this processing at any time on grounds relating to your particular ' +
          'situation (Art. 21(1) GDPR). We will then stop processing the data unless we can ' +
          'demonstrate compelling legitimate grounds that override your interests, rights and ' +
          'freedoms, or the processing serves to establish, exercise or defend legal claims.',
      ),
      p(
        'Where we process your data for direct marketing, you may object to this at any time ' +
          'without giving reasons (Art. 21(2) GDPR); we will then no longer use the data for that ' +
          'purpose.',
      ),
    ),
    section(
      'Right to lodge a complaint with a supervisory authority',
      p(
        'If you believe that the processing of your data infringes the GDPR, you can lodge a ' +
          'complaint with a data protection supervisory authority (Art. 77 GDPR), in particular in ' +
          'the member state of your habitual residence, your place of work or the place of the ' +
          'alleged infringement. The authority responsible for us is the data protection ' +
          'supervisory authority of the German federal state in which we have our registered office.',
      ),
    ),
    section(
      'Changes to this privacy policy',
      p(
        'We update this privacy policy when our data processing or the legal situation changes. The ' +
          'version published on this page applies.',
      ),
    ),
  ];
}

/* ------------------------------------------------------------------------------------------ */
/* Versand und Zahlung / Shipping and payment                                                 */
/* ------------------------------------------------------------------------------------------ */

function versandDe(o: ShopOwner): (LegalSection | null)[] {
  return [
    section(
      'Lieferländer',
      p(
        'Wir liefern innerhalb Deutschlands, in alle Mitgliedstaaten der Europäischen Union und in ' +
          'die meisten übrigen Länder der Welt.',
      ),
      p(
        'Nicht beliefern können wir die Kanarischen Inseln, Ceuta und Melilla sowie die ' +
          'französischen Überseegebiete.',
      ),
    ),
    section(
      'Versandkosten',
      p(
        'Die Versandkosten berechnen wir einmal je Bestellung. Alle Beträge enthalten die ' +
          'gesetzliche Umsatzsteuer.',
      ),
      table(
        ['Lieferziel', 'Versandart', 'Bestellwert', 'Versandkosten'],
        [
          ['Deutschland', 'Standardversand (Paket)', 'unter 50,00 €', '4,90 €'],
          ['Deutschland', 'Standardversand (Paket)', 'ab 50,00 €', 'versandkostenfrei'],
          ['Deutschland', 'Sperrgut (Spedition)', 'unabhängig vom Bestellwert', '19,90 €'],
          [
            'übrige EU-Mitgliedstaaten',
            'Standardversand (Paket)',
            'unabhängig vom Bestellwert',
            '12,90 €',
          ],
          [
            'alle übrigen Länder',
            'Standardversand (Paket)',
            'unabhängig vom Bestellwert',
            '24,90 €',
          ],
        ],
      ),
      list(
        'Für die Versandkostenfreiheit zählt der Warenwert Ihrer Bestellung einschließlich ' +
          'Umsatzsteuer, aber ohne Pfand.',
        'Sperrgut sind Waren, die wegen ihrer Größe oder ihres Gewichts per Spedition statt als ' +
          'Paket geliefert werden; auf der Produktseite ist das angegeben. Enthält Ihre Bestellung ' +
          'Sperrgut, berechnen wir für die gesamte Bestellung 19,90 € anstelle der ' +
          'Standardversandkosten.',
        'Enthält Ihre Bestellung Getränkekästen, kommen 4,90 € je Sendung hinzu.',
        'Sperrgut und Getränkekästen liefern wir nur an Anschriften in Deutschland.',
        'Die Versandkosten für Ihre Bestellung sehen Sie im Warenkorb und auf der Übersichtsseite, ' +
          'bevor Sie die Bestellung absenden.',
      ),
    ),
    section(
      'Lieferzeiten',
      p(
        'Die Lieferzeit ist auf der Produktseite jedes Artikels angegeben. Sie gilt für Lieferungen ' +
          'innerhalb Deutschlands und beginnt am Tag nach Vertragsschluss. Bei Lieferungen in andere ' +
          'Mitgliedstaaten der EU verlängert sie sich um bis zu fünf Werktage.',
      ),
      p(
        'Enthält Ihre Bestellung Artikel mit unterschiedlichen Lieferzeiten, richtet sich die ' +
          'Lieferzeit der gesamten Bestellung nach dem Artikel mit der längsten Lieferzeit, sofern wir ' +
          'nicht in Teilsendungen liefern. Teilsendungen sind für Sie versandkostenfrei.',
      ),
    ),
    section(
      'Pfand',
      p(
        'Für Getränke in pfandpflichtigen Einweg- oder Mehrwegverpackungen berechnen wir zusätzlich ' +
          'zum Preis das Pfand. Art und Höhe des Pfands stehen auf der Produktseite und werden im ' +
          'Warenkorb und auf der Rechnung gesondert ausgewiesen. Das Pfand ist nicht Teil des ' +
          'Verkaufspreises und zählt nicht zum Bestellwert für die Versandkostenfreiheit.',
      ),
      list(
        'Einwegpfand: Für Einwegflaschen und Getränkedosen mit dem Pfandzeichen der DPG beträgt das ' +
          'Pfand 0,25 € je Verpackung. Sie können diese Verpackungen in Deutschland in der Regel bei ' +
          'jedem Händler zurückgeben, der Getränke in Einwegverpackungen aus demselben Material ' +
          'verkauft, und erhalten dort das Pfand zurück.',
        'Mehrwegpfand: Die Höhe hängt von der Flasche oder dem Kasten ab und ist auf der Produktseite ' +
          'angegeben. Mehrwegflaschen und -kästen nehmen viele Getränkehändler zurück.',
        `Sie können Pfandverpackungen auch an uns zurückgeben. Bitte sprechen Sie die Rückgabe ` +
          `vorher unter ${o.email} mit uns ab; das Pfand erstatten wir nach Eingang der Verpackungen ` +
          'über das Zahlungsmittel, mit dem Sie bezahlt haben.',
      ),
    ),
    section(
      'Zahlungsarten',
      p('Sie können bei uns wie folgt bezahlen:'),
      list(
        'Kredit- und Debitkarte; die akzeptierten Kartenmarken sehen Sie im Bestellvorgang',
        'Apple Pay und Google Pay, sofern Ihr Gerät und Ihr Browser sie unterstützen',
      ),
      p(
        'Die Zahlung wickelt unser Zahlungsdienstleister Stripe ab. Ihre Kartendaten werden ' +
          'verschlüsselt direkt an Stripe übertragen; wir erhalten sie nicht. Je nach Karte bittet ' +
          'Ihre Bank Sie, die Zahlung zusätzlich zu bestätigen (starke Kundenauthentifizierung, etwa ' +
          'mit 3-D Secure).',
      ),
      p(
        'Der Betrag wird mit Abschluss der Bestellung belastet. Kauf auf Rechnung bieten wir nicht ' +
          'an. Für die Nutzung einer Zahlungsart berechnen wir keine Gebühren.',
      ),
      p(
        'Erstattungen, etwa nach einem Widerruf oder für zurückgegebenes Pfand, erhalten Sie über ' +
          'das Zahlungsmittel, mit dem Sie bezahlt haben.',
      ),
    ),
    section(
      'Fragen',
      p(
        `Bei Fragen zu Versand, Lieferung oder Zahlung erreichen Sie uns per E-Mail an ${o.email}` +
          (filled(o.phone) ? ` oder telefonisch unter ${o.phone}.` : '.'),
      ),
    ),
  ];
}

function versandEn(o: ShopOwner): (LegalSection | null)[] {
  return [
    section(
      'Delivery countries',
      p(
        'We deliver within Germany, to all member states of the European Union and to most other ' +
          'countries of the world.',
      ),
      p(
        'We cannot deliver to the Canary Islands, Ceuta and Melilla, or the French overseas ' +
          'territories.',
      ),
    ),
    section(
      'Shipping costs',
      p('Shipping costs are charged once per order. All amounts include the statutory VAT.'),
      table(
        ['Destination', 'Shipping method', 'Order value', 'Shipping costs'],
        [
          ['Germany', 'Standard shipping (parcel)', 'below €50.00', '€4.90'],
          ['Germany', 'Standard shipping (parcel)', '€50.00 or more', 'free'],
          ['Germany', 'Bulky goods (freight)', 'any order value', '€19.90'],
          ['Other EU member states', 'Standard shipping (parcel)', 'any order value', '€12.90'],
          ['All other countries', 'Standard shipping (parcel)', 'any order value', '€24.90'],
        ],
      ),
      list(
        'For free shipping, the value of the goods in your order including VAT counts, but not the ' +
          'deposit.',
        'Bulky goods are items that, because of their size or weight, are delivered by a forwarding ' +
          'agent instead of as a parcel; this is indicated on the product page. If your order ' +
          'contains bulky goods, we charge €19.90 for the whole order instead of the standard ' +
          'shipping costs.',
        'If your order contains drink crates, €4.90 per shipment is added.',
        'We deliver bulky goods and drink crates only to addresses in Germany.',
        'You see the shipping costs for your order in the shopping cart and on the summary page ' +
          'before you submit the order.',
      ),
    ),
    section(
      'Delivery times',
      p(
        'The delivery time is stated on the product page of each item. It applies to deliveries ' +
          'within Germany and begins on the day after the contract is concluded. For deliveries to ' +
          'other EU member states it is extended by up to five working days.',
      ),
      p(
        'If your order contains items with different delivery times, the delivery time of the ' +
          'whole order is that of the item with the longest delivery time, unless we ship in partial ' +
          'deliveries. Partial deliveries are free of shipping costs for you.',
      ),
    ),
    section(
      'Deposit (Pfand)',
      p(
        'For drinks in single-use or reusable packaging subject to a deposit, we charge the deposit ' +
          'in addition to the price. The type and amount of the deposit are shown on the product page ' +
          'and listed separately in the shopping cart and on the invoice. The deposit is not part of ' +
          'the sales price and does not count towards the order value for free shipping.',
      ),
      list(
        'Single-use deposit: for single-use bottles and cans bearing the DPG deposit logo, the ' +
          'deposit is €0.25 per container. You can generally return these containers to any retailer ' +
          'in Germany that sells drinks in single-use packaging of the same material and get the ' +
          'deposit back there.',
        'Reusable deposit: the amount depends on the bottle or crate and is shown on the product ' +
          'page. Many drinks retailers take back reusable bottles and crates.',
        `You can also return deposit containers to us. Please arrange the return with us first at ` +
          `${o.email}; we refund the deposit after receiving the containers, using the payment ` +
          'method you paid with.',
      ),
    ),
    section(
      'Payment methods',
      p('You can pay as follows:'),
      list(
        'credit and debit card; the accepted card brands are shown during checkout',
        'Apple Pay and Google Pay, provided your device and browser support them',
      ),
      p(
        'Payments are processed by our payment service provider Stripe. Your card details are ' +
          'transmitted in encrypted form directly to Stripe; we do not receive them. Depending on ' +
          'your card, your bank may ask you to confirm the payment (strong customer authentication, ' +
          'for example with 3-D Secure).',
      ),
      p(
        'The amount is charged when you complete your order. We do not offer payment on invoice. ' +
          'We do not charge any fee for using a payment method.',
      ),
      p(
        'Refunds, for example after a withdrawal or for returned deposit containers, are made to ' +
          'the payment method you paid with.',
      ),
    ),
    section(
      'Questions',
      p(
        `If you have questions about shipping, delivery or payment, e-mail us at ${o.email}` +
          (filled(o.phone) ? ` or call us on ${o.phone}.` : '.'),
      ),
    ),
  ];
}

/* ------------------------------------------------------------------------------------------ */
/* Public API                                                                                 */
/* ------------------------------------------------------------------------------------------ */

/* ------------------------------------------------------------------------------------------ */
/* Barrierefreiheit / Accessibility statement (BFSG, § 14 BFSG with Anlage 3)                  */
/* ------------------------------------------------------------------------------------------ */

/* The Länder's joint authority, seated in Magdeburg; reached through the ministry's post box. */
const MLBF_LINES = [
  'Marktüberwachungsstelle der Länder für die Barrierefreiheit von Produkten und Dienstleistungen (MLBF)',
  'c/o Ministerium für Arbeit, Soziales, Gesundheit und Gleichstellung Sachsen-Anhalt',
  'Postfach 39 11 55',
  '39135 Magdeburg',
];

function barrierefreiheitDe(o: ShopOwner): (LegalSection | null)[] {
  return [
    section(
      'Geltungsbereich',
      p(
        `Diese Erklärung gilt für den Online-Shop von ${o.name} mit allen Seiten vom Katalog über ` +
          'Warenkorb und Kasse bis zum Kundenkonto. Als Dienstleistung im elektronischen ' +
          'Geschäftsverkehr unterliegt der Shop dem Barrierefreiheitsstärkungsgesetz (BFSG).',
      ),
    ),
    section(
      'Stand der Vereinbarkeit',
      p(
        'Der Shop ist mit den Anforderungen der EN 301 549 und der Web Content Accessibility ' +
          'Guidelines (WCAG) 2.1 auf Stufe AA weitgehend vereinbar. Wir prüfen jede Seite ' +
          'automatisiert (axe-core) und von Hand mit Tastatur, Bildschirmlupe und Screenreader.',
      ),
      list(
        'Alle Funktionen sind mit der Tastatur bedienbar; ein Link „Zum Inhalt springen“ führt ' +
          'an jedem Seitenanfang am Menü vorbei.',
        'Der Tastaturfokus ist auf jedem Bedienelement deutlich sichtbar.',
        'Wer in seinem System reduzierte Bewegung eingestellt hat, sieht keine Animationen und ' +
          'keine automatisch wechselnden Bilder.',
        'Formularfelder haben sichtbare Beschriftungen; Fehler werden beim Feld und gesammelt ' +
          'angezeigt und von Screenreadern vorgelesen.',
        'Alle Texte haben ausreichenden Kontrast; die Seiten lassen sich auf 200 % vergrößern ' +
          'und auf 320 Pixel Breite ohne waagerechtes Scrollen lesen.',
        'Der Shop ist in deutscher und englischer Sprache verfügbar.',
      ),
    ),
    section(
      'Bekannte Einschränkungen',
      list(
        'Produktbilder haben kurze Alternativtexte; Detailangaben stehen im Beschreibungstext, ' +
          'nicht im Bild.',
        'Eingebettete Videos von Drittanbietern laden erst nach Ihrer Zustimmung; ihre ' +
          'Untertitel und Bedienelemente liegen in der Verantwortung des Anbieters.',
        'Die Eingabefelder des Kartenzahlungsdienstes werden vom Zahlungsdienstleister ' +
          'bereitgestellt; bei Problemen bieten wir Vorkasse und Rechnung als Alternative.',
        'Als PDF bereitgestellte Datenblätter der Hersteller sind nicht durchgehend barrierefrei; ' +
          'auf Anfrage senden wir die Angaben als Text.',
      ),
    ),
    section(
      'Beschreibung der Dienstleistung',
      p(
        'Sie können Waren suchen, vergleichen, in den Warenkorb legen, bestellen und bezahlen, ' +
          'ein Kundenkonto anlegen, Bestellungen einsehen, Bewertungen schreiben, uns über das ' +
          'Kontaktformular erreichen und über den Button „Vertrag widerrufen“ einen Vertrag ' +
          'widerrufen. Alle Schritte funktionieren auch ohne JavaScript.',
      ),
    ),
    section(
      'Feedback und Kontakt',
      p(
        'Sind Ihnen Mängel bei der Barrierefreiheit aufgefallen, oder benötigen Sie Inhalte in ' +
          'einer anderen Form? Schreiben Sie uns; wir antworten innerhalb von zwei Wochen.',
      ),
      address(...postalLines(o), ...contactLines(o, 'de')),
    ),
    section(
      'Marktüberwachungsbehörde',
      p(
        'Wenn Sie der Ansicht sind, dass der Shop die Anforderungen an die Barrierefreiheit nicht ' +
          'erfüllt, und wir Ihr Anliegen nicht zufriedenstellend lösen, können Sie sich an die ' +
          'zuständige Marktüberwachungsbehörde wenden und Maßnahmen nach § 32 BFSG beantragen:',
      ),
      address(...MLBF_LINES, 'E-Mail: MLBF@ms.sachsen-anhalt.de'),
    ),
    section(
      'Erstellung dieser Erklärung',
      p(
        'Diese Erklärung beruht auf einer Selbstbewertung und wird bei jeder wesentlichen ' +
          'Änderung des Shops, mindestens aber einmal im Jahr überprüft.',
      ),
    ),
  ];
}

function barrierefreiheitEn(o: ShopOwner): (LegalSection | null)[] {
  return [
    section(
      'Scope',
      p(
        `This statement applies to the online shop of ${o.name} with all its pages, from the ` +
          'catalogue through cart and checkout to the customer account. As a service in ' +
          'electronic commerce the shop falls under the German Accessibility Strengthening Act ' +
          '(Barrierefreiheitsstärkungsgesetz, BFSG).',
      ),
    ),
    section(
      'Conformance status',
      p(
        'The shop is largely conformant with EN 301 549 and the Web Content Accessibility ' +
          'Guidelines (WCAG) 2.1 level AA. We test every page automatically (axe-core) and by ' +
          'hand with keyboard, screen magnifier and screen reader.',
      ),
      list(
        'Everything can be operated with the keyboard; a "Skip to content" link at the top of ' +
          'every page leads past the menu.',
        'The keyboard focus is clearly visible on every control.',
        'If your system is set to reduce motion, you see no animations and no automatically ' +
          'changing pictures.',
        'Form fields have visible labels; errors are shown at the field and as a list, and ' +
          'screen readers announce them.',
        'All text has sufficient contrast; the pages can be zoomed to 200 % and read at a width ' +
          'of 320 pixels without horizontal scrolling.',
        'The shop is available in German and English.',
      ),
    ),
    section(
      'Known limitations',
      list(
        'Product pictures have short text alternatives; details are in the description text, ' +
          'not in the picture.',
        'Videos embedded from third parties load only after your consent; their captions and ' +
          'controls are the provider’s responsibility.',
        'The card payment fields are provided by the payment service; if they give you trouble, ' +
          'we offer bank transfer and invoice instead.',
        'Manufacturers’ data sheets provided as PDF are not accessible throughout; on request ' +
          'we send their contents as text.',
      ),
    ),
    section(
      'Description of the service',
      p(
        'You can search and compare goods, put them in the cart, order and pay, open a customer ' +
          'account, view your orders, write reviews, reach us through the contact form and ' +
          'withdraw from a contract with the "Withdraw from contract" button. Every step also ' +
          'works without JavaScript.',
      ),
    ),
    section(
      'Feedback and contact',
      p(
        'Have you found a barrier, or do you need content in another form? Write to us; we ' +
          'answer within two weeks.',
      ),
      address(...postalLines(o), ...contactLines(o, 'en')),
    ),
    section(
      'Enforcement',
      p(
        'If you believe that the shop does not meet the accessibility requirements and we do not ' +
          'resolve your concern satisfactorily, you can turn to the competent market surveillance ' +
          'authority and apply for measures under § 32 BFSG:',
      ),
      address(...MLBF_LINES, 'E-mail: MLBF@ms.sachsen-anhalt.de'),
    ),
    section(
      'Preparation of this statement',
      p(
        'This statement is based on a self-assessment and is reviewed whenever the shop changes ' +
          'substantially, and at least once a year.',
      ),
    ),
  ];
}

type Builder = (owner: ShopOwner) => (LegalSection | null)[];

const BUILDERS: Record<LegalSlug, Record<Locale, Builder>> = {
  impressum: { de: impressumDe, en: impressumEn },
  agb: { de: agbDe, en: agbEn },
  widerruf: { de: widerrufDe, en: widerrufEn },
  datenschutz: { de: datenschutzDe, en: datenschutzEn },
  'versand-und-zahlung': { de: versandDe, en: versandEn },
  barrierefreiheit: { de: barrierefreiheitDe, en: barrierefreiheitEn },
};

/** The legal page for `slug` in `locale`, with the owner's details filled in. */
export function legalPage(slug: LegalSlug, locale: Locale, owner: ShopOwner): LegalPage {
  const o = normalizeOwner(owner);
  return {
    slug,
    title: TITLES[slug][locale],
    reviewNotice: `${GENERAL_NOTICE[locale]} ${PAGE_NOTICE[slug][locale]}`,
    sections: clean(BUILDERS[slug][locale](o)),
  };
}
