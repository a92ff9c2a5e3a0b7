import { type Browser, type BrowserServer, chromium } from 'playwright-core';
import { watchTraffic } from './network-quiet.ts';

/** Flags for the system Chromium on machines without network or display. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
};

export async function launchChromium(): Promise<Browser> {
  return watchTraffic(await chromium.launch(LAUNCH));
}

/** One Chromium for every browser test file: starting one per file costs seconds each. */
export function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer(LAUNCH);
}

/** The shared Chromium of `launchChromiumServer`; closing the returned browser only leaves it. */
export async function connectChromium(endpoint: string): Promise<Browser> {
  return watchTraffic(await chromium.connect(endpoint));
}
