import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { StateStore, Row } from '../store/state-store';
import type { ChatMessage } from './frames';

/** A turn stopped before its answer was whole (`__suspended__`): enough to stream the rest on resume. */
export const SuspendedTurn = z.object({
  messageId: z.string(),
  /** The final answer's message id and whole text, and how many of its words were sent. */
  answerId: z.string(),
  answer: z.string(),
  wordsSent: z.number().int().min(0),
});
export type SuspendedTurn = z.infer<typeof SuspendedTurn>;

export interface ChatThread {
  id: string;
  agentId: number;
  owner: string;
  title: string;
  suspended: SuspendedTurn | null;
}

const threadOf = (row: Row): ChatThread => ({
  id: String(row.id),
  agentId: Number(row.agent_id),
  owner: String(row.owner),
  title: String(row.title),
  suspended: row.suspended === null ? null : SuspendedTurn.parse(JSON.parse(String(row.suspended))),
});

/** The agent's threads in the platform's database: one row per thread, its messages as consolidated frames. */
export class ThreadStore {
  constructor(private readonly db: StateStore) {}

  static newId(): string {
    return randomUUID();
  }

  async find(agentId: number, chatId: string): Promise<ChatThread | undefined> {
    const row = await this.db.read((tx) => tx.one(`SELECT * FROM chat_threads WHERE id = ? AND agent_id = ?`, [chatId, agentId]));
    return row && threadOf(row);
  }

  /** The thread of this owner that holds the question `messageId`, if any. */
  async findByMessage(agentId: number, owner: string, messageId: string): Promise<ChatThread | undefined> {
    const row = await this.db.read((tx) => tx.one(
      `SELECT t.* FROM chat_threads t WHERE t.agent_id = ? AND t.owner = ?
         AND EXISTS (SELECT 1 FROM chat_messages m WHERE m.thread_id = t.id AND m.turn_message_id = ?)`,
      [agentId, owner, messageId],
    ));
    return row && threadOf(row);
  }

  /** The thread's messages in order, each with the messageId of the question it belongs to. */
  async messages(chatId: string): Promise<{ turn: string; message: ChatMessage }[]> {
    const rows = await this.db.read((tx) => tx.all(`SELECT turn_message_id, frame FROM chat_messages WHERE thread_id = ? ORDER BY sort`, [chatId]));
    return rows.map((row) => ({ turn: String(row.turn_message_id), message: JSON.parse(String(row.frame)) as ChatMessage }));
  }

  /**
   * Records a turn's messages (replacing what was saved of it before), creating the thread on its first
   * question. A turn saved with `suspended` can be resumed; any other save ends a pending suspension.
   */
  async saveTurn(
    thread: Omit<ChatThread, 'suspended'>, messageId: string, messages: ChatMessage[], suspended: SuspendedTurn | null, now: Date,
  ): Promise<void> {
    const at = now.toISOString();
    await this.db.transaction(async (tx) => {
      const exists = await tx.one(`SELECT id FROM chat_threads WHERE id = ?`, [thread.id]);
      if (!exists) {
        await tx.run(`INSERT INTO chat_threads VALUES (?, ?, ?, ?, ?, ?, NULL)`, [thread.id, thread.agentId, thread.owner, thread.title, at, at]);
      }
      await tx.run(`UPDATE chat_threads SET updated_at = ?, suspended = ? WHERE id = ?`, [at, suspended && JSON.stringify(suspended), thread.id]);
      await tx.run(`DELETE FROM chat_messages WHERE thread_id = ? AND turn_message_id = ?`, [thread.id, messageId]);
      for (const message of messages) {
        await tx.run(`INSERT INTO chat_messages VALUES (?, ?, ?, ?)`, [thread.id, message.sort, messageId, JSON.stringify(message)]);
      }
    });
  }

  async endSuspension(chatId: string): Promise<void> {
    await this.db.transaction((tx) => tx.run(`UPDATE chat_threads SET suspended = NULL WHERE id = ?`, [chatId]));
  }
}
