import type { Page } from './query-types';

export const numbers = new Intl.NumberFormat('en');
export const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });
export const pageLabel = (page: Page) => [page.type.toLowerCase(), page.contextObject, page.recordId].filter((part) => part).join(' · ');
