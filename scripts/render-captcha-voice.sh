#!/usr/bin/env bash
# Renders the spoken characters of the image captcha into committed WAV clips, so the shop
# needs no speech synthesiser at run time. Requires Debian's espeak-ng and sox:
#   apt-get install -y espeak-ng sox
# Output: app/domain/forms/captcha-voice/{de,en}/{CHAR}.wav and pause.wav,
# mono 16-bit PCM at 16 kHz, leading and trailing silence trimmed.
set -euo pipefail

# Must match CAPTCHA_ALPHABET in app/domain/forms/captcha.server.ts.
ALPHABET="ACDEFHJKLMNRTUVWXY346789"
RATE=16000
SPEED=150 # words per minute; a little slower than espeak's default for clarity
PAUSE_SECONDS=0.35

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$root/app/domain/forms/captcha-voice"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

for tool in espeak-ng sox; do
  command -v "$tool" >/dev/null || {
    echo "$tool is missing: apt-get install -y espeak-ng sox" >&2
    exit 1
  }
done

for lang in de en; do
  mkdir -p "$out/$lang"
  for ((i = 0; i < ${#ALPHABET}; i++)); do
    char="${ALPHABET:i:1}"
    # A lone letter is spelled by its name in the voice's language ("B" = "beh" / "bee").
    espeak-ng -v "$lang" -s "$SPEED" -w "$tmp/raw.wav" "$char"
    # -D: no dither, so the clips are reproducible. Silence is trimmed at both ends (via
    # reverse); short fades (also via reverse, as the length is unknown inside the chain)
    # avoid clicks where a cut falls on a non-zero sample.
    sox -D "$tmp/raw.wav" -r "$RATE" -c 1 -b 16 -e signed-integer "$out/$lang/$char.wav" \
      silence 1 0.01 0.5% reverse silence 1 0.01 0.5% fade q 0.01 reverse fade q 0.005
  done
  sox -D -n -r "$RATE" -c 1 -b 16 -e signed-integer "$out/$lang/pause.wav" trim 0 "$PAUSE_SECONDS"
done

du -sh "$out"
