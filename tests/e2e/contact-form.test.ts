import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, newContext, waitForHydration } from './browser.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function captchaAnswer(page: Page): Promise<string> {
  return (await page.locator('img.captcha-image').getAttribute('data-test-answer'))!;
}

const status = (page: Page) => page.locator('form.contact-form-body').getAttribute('data-status');

async function fillContactForm(
  page: Page,
  labels: { name: string; email: string; subject: string; message: string },
) {
  await page.getByLabel(labels.name).fill('Erika Mustermann');
  await page.getByLabel(labels.email).fill('erika@example.org');
  await page.getByLabel(labels.subject).selectOption('order');
  await page
    .getByLabel(labels.message)
    .fill('Meine Bestellung ist noch nicht angekommen, können Sie bitte nachsehen?');
}

const DE = {
  name: 'Ihr Name',
  email: 'E-Mail-Adresse',
  subject: 'Worum geht es?',
  message: 'Ihre Nachricht',
};

describe('contact form in the browser', () => {
  it('shows tips for invalid fields, waits for the acceptance, sends and resets', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/contact');
    await waitForHydration(page);
    const submit = page.getByRole('button', { name: 'Nachricht senden' });
    expect(await submit.isDisabled()).toBe(true);

    await page.getByLabel('E-Mail-Adresse').fill('erika@@example');
    await page.getByLabel('E-Mail-Adresse').blur();
    await page
      .locator('.field-tip', { hasText: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' })
      .waitFor();
    expect(await page.getByLabel('E-Mail-Adresse').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Ihre Nachricht').fill('zu kurz');
    await page.getByLabel('Ihre Nachricht').blur();
    await page.locator('.counter.too-short').waitFor();

    await fillContactForm(page, DE);
    await page.locator('.field-tip').filter({ hasText: 'E-Mail' }).waitFor({ state: 'detached' });
    await page.getByLabel(/Ich bin einverstanden/).check();
    expect(await submit.isDisabled()).toBe(false);
    await page.getByLabel('Sicherheitscode').fill(await captchaAnswer(page));
    await submit.click();
    await page.locator('.form-response.response-sent').waitFor();
    expect(await page.locator('.form-response').textContent()).toContain(
      'Vielen Dank für Ihre Nachricht',
    );
    expect(await status(page)).toBe('sent');
    expect(await page.getByLabel('Ihr Name').inputValue()).toBe('');
    expect(await page.getByLabel('Sicherheitscode').inputValue()).toBe('');
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('lists the server’s verdicts for a wrong captcha and offers a new one', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/contact');
    await waitForHydration(page);
    await fillContactForm(page, DE);
    await page.getByLabel(/Ich bin einverstanden/).check();
    const firstKey = await page.locator('input[name="kc_key"]').inputValue();
    await page.getByLabel('Sicherheitscode').fill('XXXXX');
    await page.getByRole('button', { name: 'Nachricht senden' }).click();
    await page.locator('.form-response.response-invalid').waitFor();
    expect(await page.locator('.field-tip').first().textContent()).toContain('Sicherheitscode');
    expect(await page.locator('input[name="kc_key"]').inputValue()).not.toBe(firstKey);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('regenerates the captcha and gives it a playable audio source, played with the P key', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/contact');
    await waitForHydration(page);
    const before = await page.locator('input[name="kc_key"]').inputValue();
    const imageBefore = await page.locator('img.captcha-image').getAttribute('src');
    await page.getByRole('button', { name: 'Neuen Code anzeigen' }).click();
    await page.waitForFunction(
      (key) => (document.querySelector('input[name="kc_key"]') as HTMLInputElement).value !== key,
      before,
    );
    expect(await page.locator('img.captcha-image').getAttribute('src')).not.toBe(imageBefore);

    const audio = await page.evaluate(async () => {
      const element = document.querySelector('audio.captcha-audio') as HTMLAudioElement;
      const res = await fetch(element.src);
      const bytes = new Uint8Array(await res.arrayBuffer());
      return {
        type: res.headers.get('content-type'),
        riff: String.fromCharCode(...bytes.slice(0, 4)),
        canPlay: element.canPlayType('audio/wav'),
      };
    });
    expect(audio).toMatchObject({ type: 'audio/wav', riff: 'RIFF' });
    expect(audio.canPlay).not.toBe('');

    await page.getByLabel('Sicherheitscode').focus();
    await page.keyboard.press('p');
    await page.waitForFunction(() => {
      const element = document.querySelector('audio.captcha-audio') as HTMLAudioElement;
      return (
        element.currentSrc !== '' && (!element.paused || element.ended || element.readyState > 0)
      );
    });
    expect(await page.getByLabel('Sicherheitscode').inputValue()).toBe('');
    await context.close();
  });

  it('can be completed with the keyboard alone', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/contact');
    await waitForHydration(page);
    await page.getByLabel('Ihr Name').focus();
    await page.keyboard.type('Karl Tastatur');
    await page.keyboard.press('Tab');
    await page.keyboard.type('karl@example.org');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Ich hätte gern eine Beratung zu Ihren Kaffeesorten, bitte.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    const answer = await captchaAnswer(page);
    while (
      !(await page.evaluate(
        () => (document.activeElement as HTMLInputElement | null)?.name === 'kc_captcha',
      ))
    ) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.type(answer);
    await page.keyboard.press('Enter');
    await page.locator('.form-response.response-sent').waitFor();
    await context.close();
  });

  it('works without JavaScript: errors come back with the page, then the message is sent', async () => {
    const context = await newContext(browser, { javaScript: false });
    const page = await context.newPage();
    await page.goto('/contact');
    await page.getByLabel('Ihr Name').fill('Ohne Skript');
    await page.getByLabel('E-Mail-Adresse').fill('kein-at-zeichen');
    await page.getByLabel('Ihre Nachricht').fill('Kurz');
    await page.getByLabel(/Ich bin einverstanden/).check();
    await page.getByLabel('Sicherheitscode').fill(await captchaAnswer(page));
    await page.getByRole('button', { name: 'Nachricht senden' }).click();
    await page
      .locator('.field-tip', { hasText: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' })
      .waitFor();
    expect(await page.getByLabel('Ihr Name').inputValue()).toBe('Ohne Skript');

    await page.getByLabel('E-Mail-Adresse').fill('ohne@example.org');
    await page.getByLabel('Worum geht es?').selectOption('product');
    await page.getByLabel('Ihre Nachricht').fill('Gibt es den Kaffee auch in einer 1-kg-Packung?');
    await page.getByLabel(/Ich bin einverstanden/).check();
    await page.getByLabel('Sicherheitscode').fill(await captchaAnswer(page));
    await page.getByRole('button', { name: 'Nachricht senden' }).click();
    await page.getByText('Vielen Dank für Ihre Nachricht').first().waitFor();
    expect(await page.getByLabel('Ihr Name').inputValue()).toBe('');
    await context.close();
  });

  it('speaks English when the shopper chose English', async () => {
    const context = await newContext(browser, { lang: 'en' });
    const page = await context.newPage();
    await page.goto('/contact');
    await waitForHydration(page);
    await fillContactForm(page, {
      name: 'Your name',
      email: 'E-mail address',
      subject: 'What is it about?',
      message: 'Your message',
    });
    await page.getByLabel(/I agree that my details/).check();
    await page.getByLabel('Security code').fill(await captchaAnswer(page));
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Thank you for your message.').first().waitFor();
    await context.close();
  });

  it('sends the call-back form with every kind of field, and refuses it for minors', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/rueckruf');
    await waitForHydration(page);
    await expectNoAxeViolations(page);
    await page.getByLabel(/^Name/).fill('Rita Rückruf');
    await page.getByLabel('Telefonnummer').fill('+49 341 1234567');
    await page.getByLabel('Website Ihres Unternehmens').fill('www.example.org');
    await page.getByLabel(/Wunschtag/).fill('2026-11-25');
    await page.getByLabel('Wunschzeit').fill('10:30');
    await page.getByLabel('Produktberatung').check();
    await page.getByLabel('Telefon', { exact: true }).check();
    await page.getByLabel('Videoanruf').check();
    expect(await page.getByLabel('Telefon', { exact: true }).isChecked()).toBe(false);
    await page.getByLabel(/Budget/).fill('125');
    await page.getByLabel(/Budget/).blur();
    await page
      .locator('.field-tip', { hasText: 'Die Zahl muss in Schritten von 50 angegeben werden.' })
      .waitFor();
    await page.getByLabel(/Budget/).fill('150');
    await page.getByLabel('Dringlichkeit').selectOption('normal');
    await page.getByLabel(/Wie viele Tage hat eine Woche/).fill('sieben');
    await page.getByLabel(/Ich bin einverstanden/).check();
    await page.getByLabel('Ich bin jünger als 18 Jahre.').check();
    expect(await page.getByRole('button', { name: 'Rückruf anfordern' }).isDisabled()).toBe(true);
    await page.getByLabel('Ich bin jünger als 18 Jahre.').uncheck();
    await page.getByLabel('Sicherheitscode').fill(await captchaAnswer(page));
    await page.getByRole('button', { name: 'Rückruf anfordern' }).click();
    await page.getByText('Danke! Wir rufen Sie zur gewünschten Zeit zurück.').first().waitFor();
    await context.close();
  });
});
