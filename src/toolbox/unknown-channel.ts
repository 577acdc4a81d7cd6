/** How many known keys an unknown channel's error lists: enough to spot a typo, short enough for an error. */
export const KNOWN_CHANNELS_LISTED = 20;

/**
 * Why a channel key names nothing, with the keys that do (in order, the first
 * 20). The key is echoed only when short: an error is not a place to reflect
 * a client's megabytes.
 */
export function unknownChannelMessage(channelKey: string, knownKeys: Iterable<string>): string {
  const known = [...knownKeys].sort();
  const named = channelKey.length <= 64 ? `no channel with key '${channelKey}'` : 'no channel with that key';
  if (known.length === 0) return `${named}; this organisation has no channels yet (createChannel)`;
  const listed = known.slice(0, KNOWN_CHANNELS_LISTED).join(', ');
  const more = known.length > KNOWN_CHANNELS_LISTED ? ` and ${known.length - KNOWN_CHANNELS_LISTED} more` : '';
  return `${named}; known channels: ${listed}${more}`;
}
