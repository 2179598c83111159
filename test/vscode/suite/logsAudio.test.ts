/// <reference types="mocha" />
// Utterance audio of call-summary records: Save writes a WAV whose header matches the PCM the audio API
// returns (rate from the record's audioFormat), Play opens a webview with an <audio> element, a strict CSP
// and the WAV served from the extension's storage.
import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fetchAudioPcm } from '../../../src/core/logs/audio';
import { audioRefsOf } from '../../../src/core/logs/audioRefs';
import { CommandIds } from '../../../src/host/commandIds';
import type { AudioResult } from '../../../src/features/logs/commands/audioCommands';
import { demoClient, runningSandbox, usePrompterForSuite } from '../explorerHelpers';
import { extensionApi, waitFor } from '../helpers';
import { CONNECTION, session, simulate, stopIfRunning, stream } from '../logsHelpers';

suite('event logs: utterance audio', () => {
  const prompter = usePrompterForSuite();
  // Made in suiteSetup, not when the file loads: a suite that --grep leaves out never runs its teardown.
  let dir = '';
  suiteSetup(() => {
    dir = mkdtempSync(join(tmpdir(), 'cstudio-audio-'));
  });
  suiteTeardown(async () => {
    await stopIfRunning();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test("Save Utterance Audio writes a WAV: RIFF header, the record's rate, the PCM's length", async () => {
    const { testing } = await extensionApi();
    await stream('follow');
    const s = await session();
    const sim = await simulate(3);
    await waitFor('the simulated records', () => s.stats.count >= sim.records, 15_000);
    const withAudio = [...s.kept].filter((r) => audioRefsOf(r).length > 0);
    assert.ok(withAudio.length > 0, 'call summaries with audio arrived');
    const newest = withAudio.at(-1);
    assert.ok(newest);
    const ref = audioRefsOf(newest)[0];
    assert.ok(ref?.sampleRate, 'the record states its audio format');

    const file = join(dir, 'utterance.wav');
    prompter.script({ pick: /./ }, { saveFile: file });
    const saved = await vscode.commands.executeCommand<AudioResult>(CommandIds.logsSaveAudio);
    assert.ok(saved, 'Save Utterance Audio returned what it saved');
    assert.equal(saved.urn, ref.urn, 'the newest utterance is offered first');
    const wav = readFileSync(file);
    assert.equal(wav.toString('ascii', 0, 4), 'RIFF');
    assert.equal(wav.toString('ascii', 8, 12), 'WAVE');
    assert.equal(wav.toString('ascii', 12, 16), 'fmt ');
    assert.equal(wav.readUInt16LE(20), 1, 'PCM');
    assert.equal(wav.readUInt16LE(22), 1, 'mono');
    assert.equal(wav.readUInt32LE(24), ref.sampleRate);
    assert.equal(wav.readUInt16LE(34), 16, '16-bit');
    assert.equal(wav.toString('ascii', 36, 40), 'data');
    assert.equal(wav.readUInt32LE(4), wav.length - 8);
    const dataBytes = wav.readUInt32LE(40);
    assert.equal(dataBytes, wav.length - 44);

    const client = demoClient(await runningSandbox(testing), 'owner');
    try {
      const { pcm } = await fetchAudioPcm(client.requester, ref.urn);
      assert.equal(dataBytes, pcm.byteLength - (pcm.byteLength % 2), 'the data chunk is the PCM the audio API returns');
      assert.ok(Buffer.from(pcm.buffer, pcm.byteOffset, dataBytes).equals(wav.subarray(44)), 'byte for byte');
    } finally {
      await client.close();
    }
    assert.equal(saved.durationMs, Math.round((dataBytes / 2 / (ref.sampleRate ?? 1)) * 1000));
    assert.ok(
      prompter.infos.some((m) =>
        m.startsWith(`Saved ${(saved.durationMs / 1000).toFixed(1)} s of ${ref.sampleRate} Hz audio`),
      ),
    );
  });

  test('Play Utterance Audio opens the player: <audio> on the WAV in the extension storage, strict CSP, no script', async () => {
    const { testing } = await extensionApi();
    const s = await session();
    const urn = [...s.kept].flatMap(audioRefsOf)[0]?.urn;
    assert.ok(urn);
    const played = await vscode.commands.executeCommand<AudioResult>(CommandIds.logsPlayAudio, {
      connectionId: CONNECTION,
      urn,
    });
    assert.ok(played);
    const view = testing.logs.player();
    assert.ok(view, 'the player is open');
    assert.equal(view.file, played.file);
    assert.ok(existsSync(view.file));
    assert.equal(readFileSync(view.file).toString('ascii', 0, 4), 'RIFF');
    const csp =
      /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; media-src ([^;"]+) blob: data:; style-src ([^;"]+)">/.exec(
        view.html,
      );
    assert.ok(csp, view.html);
    assert.equal(csp[1], csp[2], "media and styles only from the webview's own source");
    assert.match(view.html, /<audio controls autoplay preload="auto" src="[^"]+\.wav">/);
    assert.doesNotMatch(view.html, /<script/i);
    assert.ok(view.html.includes(urn));

    // Closing the player deletes the WAV it played.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await waitFor('the played file to be deleted', () => !existsSync(played.file));
    assert.equal(testing.logs.player(), undefined);
  });
});
