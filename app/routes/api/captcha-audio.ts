import type { Route } from './+types/captcha-audio';
import { captchaAudio, verifyAudioSecret } from '#app/domain/forms/captcha.server.ts';
import { shop } from '#app/lib/request.server.ts';
import { apiError, methodNotAllowed } from '#app/lib/store-api.server.ts';

/** GET key, secret: the session's live captcha spoken character by character, as WAV. */
export async function loader(args: Route.LoaderArgs) {
  const { db, env, t, locale, session: current } = shop(args);
  const url = new URL(args.request.url);
  const key = url.searchParams.get('key') ?? '';
  const secret = url.searchParams.get('secret') ?? '';
  const session = await current();
  const audio =
    session && verifyAudioSecret(key, secret, env.SESSION_SECRET)
      ? await captchaAudio(db, {
          key,
          sessionIdHash: session.idHash,
          locale,
          secret: env.SESSION_SECRET,
        })
      : null;
  if (!audio)
    return apiError(
      { code: 'captcha_not_found', status: 404, message: 'forms.captcha_expired' },
      t,
    );
  return new Response(new Uint8Array(audio), {
    headers: {
      'Content-Type': 'audio/wav',
      'Content-Length': String(audio.length),
      'Cache-Control': 'no-store',
    },
  });
}

export async function action(args: Route.ActionArgs) {
  return methodNotAllowed(shop(args).t, 'GET');
}
