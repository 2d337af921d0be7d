import type { FieldCipher } from "../encryption/field-encryption";

/**
 * Personal data a job carries (a visitor's name, their address) sealed with the field cipher:
 * pg-boss keeps job rows, completed ones archived for days, outside the tables that privacy
 * requests and retention clean. The queue's name binds the seal to its queue.
 */
export function sealJobData(cipher: FieldCipher, queueName: string, data: object): string {
  return cipher.encrypt(JSON.stringify(data), `job:${queueName}`)!;
}

export function unsealJobData<T>(cipher: FieldCipher, queueName: string, sealed: string): T {
  return JSON.parse(cipher.decrypt(sealed, `job:${queueName}`)!) as T;
}
