// The consumer instances of the consumer API and their groups. Subscribed members of a group share the
// topic's partitions (round robin in join order; every join, leave, unsubscribe or expiry rebalances);
// instances with hand-assigned partitions take no part in that, but commit to the same group offsets.
// An instance idle for `idleMs` is deleted; later requests naming it get 404 40403. Idleness is measured on
// an AwakeClock, so time the sandbox itself was stalled never counts against a client.
import type { Logger } from '../../core/logger';
import { AwakeClock } from './awakeClock';
import { ConsumerApiError, ErrorCode, consumerNotFound, illegalState } from './consumerErrors';
import { ConsumerInstance, type ConsumerConfig } from './consumerInstance';
import type { LogStore } from './logStore';
import type { OffsetStore, TopicPartitionOffset } from './offsetStore';

export interface RegistryOptions {
  idleMs: number;
  now: () => number;
  logger: Logger;
}

const instanceKey = (group: string, name: string): string => `${group}\u0000${name}`;

export class ConsumerRegistry {
  private readonly instances = new Map<string, ConsumerInstance>();
  private joined = 0;
  private readonly clock: AwakeClock;

  constructor(
    readonly store: LogStore,
    readonly offsets: OffsetStore,
    private readonly options: RegistryOptions,
  ) {
    this.clock = new AwakeClock(options.now, Math.max(50, Math.min(options.idleMs / 4, 5000)), () => this.sweep());
  }

  create(group: string, name: string, topic: string, config: ConsumerConfig): ConsumerInstance {
    const key = instanceKey(group, name);
    const existing = this.instances.get(key);
    if (existing && !this.expired(existing)) {
      throw new ConsumerApiError(
        409,
        ErrorCode.CONSUMER_ALREADY_EXISTS,
        `Consumer "${name}" already exists in group "${group}"; use another consumer-name.`,
      );
    }
    if (existing) this.remove(existing, 'expired');
    const instance = new ConsumerInstance(group, name, topic, config, ++this.joined, this.clock.read());
    this.instances.set(key, instance);
    return instance;
  }

  /** The live instance named by the headers, marked active; 404 40403 when unknown or expired. */
  get(group: string, name: string): ConsumerInstance {
    const instance = this.instances.get(instanceKey(group, name));
    if (!instance) throw consumerNotFound();
    if (this.expired(instance)) {
      this.remove(instance, 'expired');
      throw consumerNotFound();
    }
    instance.lastActive = this.clock.read();
    return instance;
  }

  /** Marks the instance active now (a long poll ending counts as activity). */
  touch(instance: ConsumerInstance): void {
    instance.lastActive = Math.max(instance.lastActive, this.clock.read());
  }

  delete(instance: ConsumerInstance): void {
    this.remove(instance, 'deleted');
  }

  subscribe(instance: ConsumerInstance, topics: string[]): void {
    if (instance.mode.kind === 'assigned')
      throw illegalState(
        `${instance.label} has partitions assigned by hand; subscribe and assign exclude each other (unsubscribe first to clear the assignment).`,
      );
    instance.mode = { kind: 'subscribed', topics };
    this.rebalance(instance.group, instance.topic);
  }

  /** Kafka's unsubscribe: drops the subscription and any manual assignment. */
  unsubscribe(instance: ConsumerInstance): void {
    const wasSubscribed = instance.mode.kind === 'subscribed';
    instance.mode = { kind: 'none' };
    this.release(instance, instance.owned);
    instance.owned = [];
    if (wasSubscribed) this.rebalance(instance.group, instance.topic);
  }

  assign(instance: ConsumerInstance, partitions: number[]): void {
    if (instance.mode.kind === 'subscribed')
      throw illegalState(
        `${instance.label} is subscribed; subscribe and assign exclude each other (unsubscribe first).`,
      );
    const keep = new Set(partitions);
    this.release(
      instance,
      instance.owned.filter((p) => !keep.has(p)),
    );
    instance.mode = { kind: 'assigned' };
    instance.owned = [...keep].sort((a, b) => a - b);
  }

  /** The next offset `instance` will fetch from `partition`, resolving it as Kafka does on first use. */
  position(instance: ConsumerInstance, partition: number): number {
    const log = this.store.partitions(instance.topic)[partition];
    if (!log)
      throw new ConsumerApiError(
        404,
        ErrorCode.PARTITION_NOT_FOUND,
        `Partition ${partition} of topic "${instance.topic}" not found.`,
      );
    let pos = instance.positions.get(partition) ?? this.offsets.get(instance.group, instance.topic, partition);
    if (pos === undefined || pos < log.beginning || pos > log.end) {
      const reset = instance.config.autoOffsetReset;
      if (reset === 'none') {
        throw illegalState(
          pos === undefined
            ? `No committed offset for partition ${partition} of topic "${instance.topic}" in group "${instance.group}", and auto.offset.reset is "none"; commit an offset or seek first.`
            : `Offset ${pos} of partition ${partition} is out of range (${log.beginning}..${log.end}), and auto.offset.reset is "none"; seek to a valid offset.`,
        );
      }
      pos = reset === 'earliest' ? log.beginning : log.end;
    }
    instance.positions.set(partition, pos);
    return pos;
  }

  seek(instance: ConsumerInstance, partition: number, offset: number | 'beginning' | 'end'): void {
    this.requireOwned(instance, partition);
    const log = this.store.partitions(instance.topic)[partition];
    if (!log) return;
    instance.positions.set(partition, offset === 'beginning' ? log.beginning : offset === 'end' ? log.end : offset);
  }

  /** The positions of every partition read so far: what an empty commit body commits. */
  fetchedOffsets(instance: ConsumerInstance): TopicPartitionOffset[] {
    return instance.owned.flatMap((p) => {
      const offset = instance.positions.get(p);
      return offset === undefined ? [] : [{ topic: instance.topic, partition: p, offset }];
    });
  }

  requireOwned(instance: ConsumerInstance, partition: number): void {
    if (!instance.owned.includes(partition)) {
      throw illegalState(
        `${instance.label} does not own partition ${partition} of topic "${instance.topic}" (it owns ${instance.owned.length ? instance.owned.join(', ') : 'none'}); subscribe or assign it first.`,
      );
    }
  }

  /** Deletes idle instances (their group rebalances); runs on a timer and at every lookup. */
  sweep(): void {
    for (const instance of [...this.instances.values()]) if (this.expired(instance)) this.remove(instance, 'expired');
  }

  close(): void {
    this.clock.close();
    for (const instance of this.instances.values()) {
      instance.deleted = true;
      instance.gone.abort();
    }
    this.instances.clear();
  }

  private expired(instance: ConsumerInstance): boolean {
    return instance.busy === 0 && this.clock.read() - instance.lastActive > this.options.idleMs;
  }

  private remove(instance: ConsumerInstance, why: 'deleted' | 'expired'): void {
    if (this.instances.get(instanceKey(instance.group, instance.name)) !== instance) return;
    this.instances.delete(instanceKey(instance.group, instance.name));
    instance.deleted = true;
    instance.gone.abort();
    this.release(instance, instance.owned);
    if (why === 'expired') this.options.logger.debug(`${instance.label} expired after ${this.options.idleMs} ms idle`);
    if (instance.mode.kind === 'subscribed') this.rebalance(instance.group, instance.topic);
  }

  /** Gives up partitions: with auto-commit their positions are committed first, as Kafka does on revocation. */
  private release(instance: ConsumerInstance, partitions: number[]): void {
    if (instance.config.autoCommit) {
      const offsets = this.fetchedOffsets(instance).filter((o) => partitions.includes(o.partition));
      this.offsets
        .commit(instance.group, offsets)
        .catch((err: unknown) => this.options.logger.warn(`auto-commit on revocation failed: ${String(err)}`));
    }
    for (const p of partitions) instance.positions.delete(p);
  }

  private rebalance(group: string, topic: string): void {
    const members = [...this.instances.values()]
      .filter((i) => i.group === group && i.topic === topic && i.mode.kind === 'subscribed')
      .sort((a, b) => a.joinOrder - b.joinOrder);
    const count = this.store.partitions(topic).length;
    members.forEach((member, index) => {
      const next: number[] = [];
      for (let p = index; p < count; p += members.length) next.push(p);
      const keep = new Set(next);
      this.release(
        member,
        member.owned.filter((p) => !keep.has(p)),
      );
      member.owned = next;
    });
  }
}
