// "Play Utterance Audio…" and "Save Utterance Audio…": the audio of a call-summary record (its `audioUrn`),
// downloaded from the audio API as raw PCM and wrapped as WAV at the rate the record states
// (core/logs/audio.ts). Play opens the player webview; Save writes the WAV where the user chooses.
// Automation may pass `{ connectionId, urn, sampleRate?, file? }` instead of picking a record.
import { writeFile } from 'node:fs/promises';
import { fetchAudioWav, type WavAudio } from '../../../core/logs/audio';
import { audioRefsOf, type AudioRef } from '../../../core/logs/audioRefs';
import { summaryOf } from '../../../core/logs/formatter';
import { sessionOf, type LogRecord } from '../../../core/logs/records';
import { resolveConnection } from '../../../host/connectionPick';
import { CommandIds } from '../../../host/commandIds';
import { argObject, type Command } from '../../../host/commands';
import { answered, type PickItem } from '../../../host/prompter';
import type { PlayableAudio } from '../audioPlayer';
import type { LogsContext } from '../logsContext';
import { newestFirst } from './recordCommands';

export interface AudioResult {
  readonly urn: string;
  readonly file: string;
  readonly bytes: number;
  readonly sampleRate: number;
  readonly durationMs: number;
}

interface Utterance {
  readonly connectionId: string;
  readonly ref: AudioRef;
  readonly record?: LogRecord;
}

async function chooseUtterance(ctx: LogsContext, arg: unknown, title: string): Promise<Utterance> {
  const options = argObject(arg);
  if (typeof options.urn === 'string' && options.urn !== '') {
    const connection = await resolveConnection(ctx.registry, ctx.prompter, arg, { title });
    const known = ctx.sessions
      .list()
      .flatMap((s) => newestFirst(s, (r) => audioRefsOf(r).some((a) => a.urn === options.urn), 1));
    const ref = known.flatMap(audioRefsOf).find((a) => a.urn === options.urn);
    const sampleRate = typeof options.sampleRate === 'number' ? options.sampleRate : ref?.sampleRate;
    return { connectionId: connection.id, ref: { ...ref, urn: options.urn, sampleRate }, record: known[0] };
  }
  const session = await ctx.sessions.resolve(arg, title);
  const items: Array<PickItem<Utterance>> = [];
  for (const record of newestFirst(session, (r) => audioRefsOf(r).length > 0)) {
    for (const ref of audioRefsOf(record)) {
      items.push({
        label: summaryOf(record).replace(/\s*\(urn:[^)]*\)$/, ''),
        description: `${typeof record.value.timestamp === 'string' ? record.value.timestamp : ''} · session ${sessionOf(record)?.slice(0, 8) ?? '-'}`,
        detail: ref.urn,
        value: { connectionId: session.target.connectionId, ref, record },
      });
    }
  }
  if (items.length === 0) {
    throw new Error(
      `None of the ${session.kept.size} kept records of ${session.target.topic} has audio; call summaries (asr-callsummary, nrc-callsummary) carry it.`,
    );
  }
  return answered(
    ctx.prompter.pick(items, { title: `${title}: ${session.target.topic}`, placeholder: 'Utterance (newest first)' }),
    title,
  );
}

async function download(ctx: LogsContext, utterance: Utterance, title: string): Promise<WavAudio> {
  const { client } = await ctx.registry.session(utterance.connectionId);
  const audio = await ctx.prompter.withProgress({ title: `${title}: downloading` }, (_progress, signal) =>
    fetchAudioWav(client.requester, utterance.ref.urn, { signal, sampleRate: utterance.ref.sampleRate }),
  );
  if (audio.rateSource === 'default') {
    ctx.logger.warn(`the sample rate of ${utterance.ref.urn} is not stated; assumed ${audio.sampleRate} Hz`);
  }
  return audio;
}

function caption(utterance: Utterance): string | undefined {
  const record = utterance.record;
  if (!record) return undefined;
  const time = typeof record.value.timestamp === 'string' ? `${record.value.timestamp} · ` : '';
  return `${time}${summaryOf(record).replace(/\s*\(urn:[^)]*\)$/, '')}`;
}

/** Play and Save: choose an utterance, then deliver its audio (played, or written where the user says). */
abstract class UtteranceAudioCommand implements Command {
  abstract readonly id: typeof CommandIds.logsPlayAudio | typeof CommandIds.logsSaveAudio;
  protected abstract readonly title: string;
  constructor(protected readonly ctx: LogsContext) {}

  /** The audio, and the file it now is in. */
  protected abstract deliver(utterance: Utterance, arg: unknown): Promise<{ audio: WavAudio; file: string }>;

  async execute(arg?: unknown): Promise<AudioResult> {
    const utterance = await chooseUtterance(this.ctx, arg, this.title);
    const { audio, file } = await this.deliver(utterance, arg);
    return {
      urn: utterance.ref.urn,
      file,
      bytes: audio.wav.byteLength,
      sampleRate: audio.sampleRate,
      durationMs: audio.durationMs,
    };
  }
}

export class PlayUtteranceAudioCommand extends UtteranceAudioCommand {
  readonly id = CommandIds.logsPlayAudio;
  protected readonly title = 'Play Utterance Audio';

  protected async deliver(utterance: Utterance): Promise<{ audio: WavAudio; file: string }> {
    const audio = await download(this.ctx, utterance, this.title);
    const playable: PlayableAudio = { ...audio, urn: utterance.ref.urn, caption: caption(utterance) };
    const view = await this.ctx.player.play(playable);
    return { audio, file: view.file };
  }
}

export class SaveUtteranceAudioCommand extends UtteranceAudioCommand {
  readonly id = CommandIds.logsSaveAudio;
  protected readonly title = 'Save Utterance Audio';

  protected async deliver(utterance: Utterance, arg: unknown): Promise<{ audio: WavAudio; file: string }> {
    const { title } = this;
    const given = argObject(arg).file;
    const tail = utterance.ref.urn.split(/[:/]/).filter(Boolean).pop() ?? 'utterance';
    const file =
      typeof given === 'string'
        ? given
        : await answered(
            this.ctx.prompter.saveFile({
              title,
              defaultName: `${tail.replace(/[^\w.-]+/g, '_')}.wav`,
              filters: { 'WAV audio': ['wav'] },
            }),
            title,
          );
    const audio = await download(this.ctx, utterance, title);
    await writeFile(file, audio.wav);
    const seconds = (audio.durationMs / 1000).toFixed(1);
    void this.ctx.prompter.info(`Saved ${seconds} s of ${audio.sampleRate} Hz audio to ${file}.`);
    return { audio, file };
  }
}
