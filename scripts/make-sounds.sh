#!/usr/bin/env bash
# Draws the app's two sounds with sox from plain sine tones (nothing sampled) into
# src/renderer/public/sounds, which the website serves as /sounds/*.mp3 (SPEC §7):
#   notification.mp3  a soft two-tone chime (A5, then E6)
#   purchase.mp3      a brighter rising arpeggio (C6, E6, G6)
# Needs sox with MP3 support (Debian: apt-get install -y sox libsox-fmt-mp3). Repeatable: the same
# sox gives the same files.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! sox -h 2>/dev/null | grep -q 'AUDIO FILE FORMATS:.* mp3'; then
  echo "sox with MP3 support is needed: apt-get install -y sox libsox-fmt-mp3" >&2
  exit 1
fi

OUT=src/renderer/public/sounds
RATE=44100
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$OUT"

# tone FILE FREQ LENGTH: one sine, a 6 ms attack, then a long fade to silence (a struck-bell shape)
tone() {
  sox -R -n -r "$RATE" -c 1 -b 16 "$1" synth "$3" sine "$2" fade q 0.006 "$3" "$(awk "BEGIN { print $3 - 0.02 }")"
}

# note FILE FREQ LENGTH START BRIGHTNESS: the tone with its octave and twelfth mixed in at BRIGHTNESS,
# shifted START seconds into the sound
note() {
  local file=$1 freq=$2 length=$3 start=$4 bright=$5
  tone "$TMP/f.wav" "$freq" "$length"
  tone "$TMP/o.wav" "$(awk "BEGIN { print $freq * 2 }")" "$(awk "BEGIN { print $length * 0.6 }")"
  tone "$TMP/t.wav" "$(awk "BEGIN { print $freq * 3 }")" "$(awk "BEGIN { print $length * 0.35 }")"
  sox -R -m -v 1 "$TMP/f.wav" -v "$bright" "$TMP/o.wav" -v "$(awk "BEGIN { print $bright / 2 }")" "$TMP/t.wav" "$file" pad "$start"
}

# finish OUT INPUTS...: mix the notes, add a short room, trim to under a second, level at -3 dBFS, encode
finish() {
  local out=$1
  shift
  sox -R -m "$@" -c 1 "$TMP/mix.wav"
  sox -R "$TMP/mix.wav" "$TMP/tail.wav" pad 0 0.4 reverb 18 50 35 100 0 0
  sox -R "$TMP/tail.wav" "$TMP/room.wav" trim 0 0.85 fade t 0 0.85 0.12 gain -n -3
  sox -R "$TMP/room.wav" -C 96 --comment "" "$out"
}

note "$TMP/n1.wav" 880.00 0.55 0 0.22
note "$TMP/n2.wav" 1318.51 0.60 0.14 0.22
finish "$OUT/notification.mp3" "$TMP/n1.wav" "$TMP/n2.wav"

note "$TMP/p1.wav" 1046.50 0.40 0 0.45
note "$TMP/p2.wav" 1318.51 0.40 0.09 0.45
note "$TMP/p3.wav" 1567.98 0.60 0.18 0.45
finish "$OUT/purchase.mp3" "$TMP/p1.wav" "$TMP/p2.wav" "$TMP/p3.wav"

for file in "$OUT"/notification.mp3 "$OUT"/purchase.mp3; do
  printf '%s  %s s  %s bytes\n' "$file" "$(soxi -D "$file")" "$(wc -c < "$file")"
done
