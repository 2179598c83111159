// Utterance audio for the audio API: raw 16-bit little-endian mono PCM that sounds like speech without
// any recording — syllables of formant-shaped vowels (additive harmonics of a falling, slightly wavering
// pitch, weighted by the vowel's formant resonances) with noise bursts for consonants and short pauses.
// Deterministic: the same seed, rate and duration always give the same bytes.

import { prng } from '../../core/prng';

const VOWELS: ReadonlyArray<readonly [number, number, number]> = [
  [730, 1090, 2440], // a
  [530, 1840, 2480], // e
  [270, 2290, 3010], // i
  [570, 840, 2410], // o
  [300, 870, 2240], // u
  [660, 1720, 2410], // æ
];
const BANDWIDTHS = [90, 110, 170];

function formantGain(freq: number, formants: readonly number[]): number {
  let g = 0;
  formants.forEach((f, i) => {
    const d = (freq - f) / (BANDWIDTHS[i] ?? 150);
    g += (i === 0 ? 1 : i === 1 ? 0.6 : 0.3) / (1 + d * d);
  });
  return g;
}

export function synthesizeSpeech(seed: number, sampleRate: number, durationMs: number): Buffer {
  const rand = prng(seed);
  const total = Math.max(1, Math.round((sampleRate * durationMs) / 1000));
  const out = new Float32Array(total);
  const basePitch = 100 + rand() * 120;
  // Leading and trailing silence, as an endpointed recording has.
  let at = Math.round(sampleRate * 0.12);
  const end = total - Math.round(sampleRate * 0.15);
  while (at < end) {
    const syllable = Math.round(sampleRate * (0.12 + rand() * 0.14));
    const length = Math.min(syllable, end - at);
    if (length <= 0) break;
    if (rand() < 0.45) at += consonant(out, at, Math.round(sampleRate * (0.03 + rand() * 0.05)), rand);
    const vowel = VOWELS[Math.floor(rand() * VOWELS.length)] ?? VOWELS[0] ?? [500, 1500, 2500];
    voiced(out, at, Math.min(length, end - at), sampleRate, vowel, basePitch * (1 - (0.25 * at) / total), rand);
    at += length + Math.round(sampleRate * (rand() < 0.2 ? 0.12 + rand() * 0.1 : 0.02 + rand() * 0.04));
  }
  const pcm = Buffer.alloc(total * 2);
  let peak = 0;
  for (let i = 0; i < total; i++) peak = Math.max(peak, Math.abs(out[i] ?? 0));
  const scale = peak > 0 ? 0.6 / peak : 0;
  for (let i = 0; i < total; i++) pcm.writeInt16LE(Math.round((out[i] ?? 0) * scale * 32767), i * 2);
  return pcm;
}

function voiced(
  out: Float32Array,
  start: number,
  length: number,
  rate: number,
  formants: readonly number[],
  pitch: number,
  rand: () => number,
): void {
  const nyquist = rate / 2;
  const vibrato = 3 + rand() * 3;
  let phase = 0;
  const harmonics = Math.min(40, Math.floor((nyquist * 0.9) / pitch));
  const gains = Array.from({ length: harmonics }, (_, k) => formantGain((k + 1) * pitch, formants) / (k + 1) ** 0.6);
  const attack = Math.round(rate * 0.025);
  const release = Math.round(rate * 0.05);
  for (let i = 0; i < length && start + i < out.length; i++) {
    const t = i / rate;
    const f0 = pitch * (1 + 0.02 * Math.sin(2 * Math.PI * vibrato * t) - (0.08 * i) / length);
    phase += (2 * Math.PI * f0) / rate;
    let s = 0;
    for (let k = 0; k < harmonics; k++) s += (gains[k] ?? 0) * Math.sin((k + 1) * phase);
    const env = Math.min(1, i / attack, (length - i) / release);
    out[start + i] = (out[start + i] ?? 0) + s * env;
  }
}

/** A fricative-like burst: noise, high-passed by differencing, with a quick envelope. Returns its length. */
function consonant(out: Float32Array, start: number, length: number, rand: () => number): number {
  let prev = 0;
  for (let i = 0; i < length && start + i < out.length; i++) {
    const noise = rand() * 2 - 1;
    const env = Math.sin((Math.PI * i) / length);
    out[start + i] = (out[start + i] ?? 0) + (noise - prev) * 0.35 * env;
    prev = noise;
  }
  return length;
}
