// The mails section of the settings area: the sender and which mails go out.
import type { Tx } from '#app/domain/kernel/tx.ts';
import {
  type MailKind,
  type MailSender,
  SWITCHABLE_MAILS,
  senderSchema,
} from './mail-settings.rules.ts';
import { settingValues } from './settings.server.ts';
import { type SettingValues, settingsVersion } from './settings-version.server.ts';

export const SENDER_SETTING = 'mails.sender';
/** One setting per switchable mail, so each switch has its own audit entry. */
export const mailSwitchSetting = (kind: MailKind) => `mails.enabled.${kind}`;
export const MAIL_SETTING_KEYS = [SENDER_SETTING, ...SWITCHABLE_MAILS.map(mailSwitchSetting)];

/** Unset, the sender is the shop's default and every mail goes out. */
export type MailSettings = { sender: MailSender | null; enabled: Record<string, boolean> };

export async function mailSettings(db: Tx): Promise<MailSettings> {
  const stored = await settingValues(db, MAIL_SETTING_KEYS);
  const sender = senderSchema.safeParse(stored.get(SENDER_SETTING));
  const enabled: Record<string, boolean> = {};
  // Only an explicit `false` switches a mail off; anything else keeps it on.
  for (const kind of SWITCHABLE_MAILS)
    enabled[kind] = stored.get(mailSwitchSetting(kind)) !== false;
  return { sender: sender.success ? sender.data : null, enabled };
}

/** Whether the mail goes out: required mails always do. */
export async function mailEnabled(db: Tx, kind: MailKind): Promise<boolean> {
  if (!(SWITCHABLE_MAILS as string[]).includes(kind)) return true;
  return (await mailSettings(db)).enabled[kind] !== false;
}

export function mailValues(s: MailSettings): SettingValues {
  const values: SettingValues = { [SENDER_SETTING]: s.sender ?? undefined };
  for (const kind of SWITCHABLE_MAILS) values[mailSwitchSetting(kind)] = s.enabled[kind] !== false;
  return values;
}

export function mailSettingsVersion(s: MailSettings): string {
  return settingsVersion(mailValues(s));
}
