// The audio-file API at the log URL: `GET /api/v1/audio?urn=<urn>` returns the utterance as raw 16-bit
// little-endian mono PCM, as the real service does (the rate is in the call summary's `audioFormat`; the
// sandbox also states it in the media type, the way AWS Lex labels raw PCM:
// `audio/lpcm; sample-rate=16000; sample-size-bits=16; channel-count=1; is-big-endian=false`). Unknown URNs, and URNs of topics the caller may not read,
// get 404. Needs a token with scope `log` and counts against the caller's request rate.
import { caller, LOG_SCOPES } from '../auth';
import type { SandboxContext } from '../context';
import { synthesizeSpeech } from '../logs/audioSynth';
import { asConsumerApiBody, ConsumerApiError, consumerBadRequest } from '../logs/consumerErrors';
import { canReadTopic } from '../logs/topics';
import { bytes, type Router } from '../router';

export function registerAudioRoutes(router: Router, ctx: SandboxContext): void {
  router.add({
    method: 'GET',
    path: '/api/v1/audio',
    auth: LOG_SCOPES,
    errorBody: asConsumerApiBody,
    handler: (req) => {
      const principal = caller(req);
      ctx.logs.limiter.take(principal.clientId);
      const urn = req.query.get('urn')?.trim();
      if (!urn)
        throw consumerBadRequest(
          'Pass the audio URN as the "urn" query parameter (the audioUrn of an asr-callsummary or nrc-callsummary record).',
        );
      const entry = ctx.logs.store.findAudio(urn);
      if (!entry || !canReadTopic(ctx.state, principal, entry.topic)) {
        throw new ConsumerApiError(404, 404, `No audio file for URN "${urn}".`);
      }
      const pcm = synthesizeSpeech(entry.seed, entry.sampleRate, entry.durationMs);
      const name = urn.slice(urn.lastIndexOf('/') + 1).replace(/[^A-Za-z0-9._-]/g, '_') || 'audio';
      const type = `audio/lpcm; sample-rate=${entry.sampleRate}; sample-size-bits=16; channel-count=1; is-big-endian=false`;
      return bytes(pcm, type, { 'content-disposition': `inline; filename="${name}.pcm"` });
    },
  });
}
