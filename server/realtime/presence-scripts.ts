/**
 * Lua scripts behind the Redis presence. Each runs atomically, so two instances dropping the same user's
 * last sockets at once cannot both conclude "someone else still has them" (which would leave the user
 * online forever). Time comes from Redis, not from the instances, so their clock skew does not matter.
 *
 * Keys: KEYS[1] = registry (sorted set: instance id → expiry in ms), KEYS[2] = this instance's user set.
 * ARGV[1] is always the prefix of instance user sets; the instance id is appended to it.
 * Instance sets are addressed by name inside the scripts, which is fine on a single Redis but not Cluster.
 */

const NOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
`

// Is ARGV[3] (a user id) in the set of any live instance other than ARGV[2]?
const HELD_ELSEWHERE = `
local function heldElsewhere(now)
  for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], now, '+inf')) do
    if id ~= ARGV[2] and redis.call('SISMEMBER', ARGV[1] .. id, ARGV[3]) == 1 then return true end
  end
  return false
end
`

/** ARGV: setPrefix, instanceId, userId, ttlMs. Returns 1 when no other live instance has the user. */
export const ADD_SCRIPT = `${NOW}${HELD_ELSEWHERE}
local ttl = tonumber(ARGV[4])
redis.call('ZADD', KEYS[1], now + ttl, ARGV[2])
redis.call('SADD', KEYS[2], ARGV[3])
redis.call('PEXPIRE', KEYS[2], ttl)
if heldElsewhere(now) then return 0 end
return 1
`

/** ARGV: setPrefix, instanceId, userId. Returns 1 when no other live instance still has the user. */
export const REMOVE_SCRIPT = `${NOW}${HELD_ELSEWHERE}
redis.call('SREM', KEYS[2], ARGV[3])
if heldElsewhere(now) then return 0 end
return 1
`

/** KEYS[1] only; ARGV: setPrefix. Returns the union of the user sets of live instances. */
export const LIST_SCRIPT = `${NOW}
local keys = {}
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], now, '+inf')) do
  table.insert(keys, ARGV[1] .. id)
end
if #keys == 0 then return {} end
return redis.call('SUNION', unpack(keys))
`

/**
 * ARGV: setPrefix, instanceId, ttlMs, ...userIds. Renews this instance and rewrites its set from the
 * instance's own counts, so presence heals after a Redis restart or a missed write. Drops dead instances.
 */
export const HEARTBEAT_SCRIPT = `${NOW}
local ttl = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', '(' .. now)
redis.call('ZADD', KEYS[1], now + ttl, ARGV[2])
redis.call('DEL', KEYS[2])
if #ARGV > 3 then
  redis.call('SADD', KEYS[2], unpack(ARGV, 4))
  redis.call('PEXPIRE', KEYS[2], ttl)
end
return 1
`

/** KEYS[1] only; ARGV: setPrefix, ...userIds. Returns the given ids that some live instance holds. */
export const ONLINE_AMONG_SCRIPT = `${NOW}
local live = redis.call('ZRANGEBYSCORE', KEYS[1], now, '+inf')
local found = {}
for i = 2, #ARGV do
  for _, id in ipairs(live) do
    if redis.call('SISMEMBER', ARGV[1] .. id, ARGV[i]) == 1 then
      table.insert(found, ARGV[i])
      break
    end
  end
end
return found
`
