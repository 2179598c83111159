// WAV (RIFF) container for raw PCM: the audio API returns bare 16-bit little-endian mono samples, which no
// player accepts without a header. 44-byte canonical header, PCM format tag 1.

export interface PcmFormat {
  sampleRate: number;
  channels?: number;
  bitsPerSample?: number;
}

export function wavHeader(dataBytes: number, format: PcmFormat): Buffer {
  const channels = format.channels ?? 1;
  const bits = format.bitsPerSample ?? 16;
  if (!Number.isInteger(format.sampleRate) || format.sampleRate < 1000 || format.sampleRate > 192_000) {
    throw new Error(`A WAV sample rate must be a whole number of Hz from 1000 to 192000 (got ${format.sampleRate}).`);
  }
  const blockAlign = (channels * bits) / 8;
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write('WAVE', 8, 'ascii');
  h.write('fmt ', 12, 'ascii');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(channels, 22);
  h.writeUInt32LE(format.sampleRate, 24);
  h.writeUInt32LE(format.sampleRate * blockAlign, 28);
  h.writeUInt16LE(blockAlign, 32);
  h.writeUInt16LE(bits, 34);
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

/** PCM wrapped in a WAV header; a trailing odd byte (half a sample) is dropped. */
export function pcmToWav(pcm: Uint8Array, format: PcmFormat): Buffer {
  const blockAlign = ((format.channels ?? 1) * (format.bitsPerSample ?? 16)) / 8;
  const usable = pcm.byteLength - (pcm.byteLength % blockAlign);
  return Buffer.concat([wavHeader(usable, format), Buffer.from(pcm.buffer, pcm.byteOffset, usable)]);
}
