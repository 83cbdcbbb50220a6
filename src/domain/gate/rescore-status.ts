/**
 * Where re-scoring of a paper's stored results stands after its key changed: the admin API reports it and the
 * admin screens show it.
 */
export interface RescoreStatus {
  paperId: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  rescored: number;
  total: number;
  updatedAt: string;
  error?: string;
}
