import type { DealerPool } from '../../../server/demo-data/demo-enrollment.js'
import type { Random } from '../../../server/demo-data/random.js'
import type { DemoDealer } from '../../../server/demo-data/synthetic-dealers.js'

/** How far ahead takeNear looks for dealers of the same state before it takes any. */
const NEAR_WINDOW = 400

/**
 * The demo generator's dealer pool (each dealer once per brand and year) in O(1) a dealer: the
 * demo one filters the whole directory on every take, which is fine for 3,000 dealers and far
 * too slow for 20,000.
 */
export function createBenchPool(random: Random, dealers: readonly DemoDealer[]): DealerPool {
  const queues = new Map<string, { items: DemoDealer[]; used: Set<number>; next: number }>()
  for (const dealer of random.shuffle(dealers)) {
    const queue = queues.get(dealer.brand) ?? { items: [], used: new Set<number>(), next: 0 }
    queue.items.push(dealer)
    queues.set(dealer.brand, queue)
  }
  const queueOf = (brand: string) => {
    const queue = queues.get(brand)
    if (!queue) throw new Error(`No dealers of brand ${brand}`)
    return queue
  }
  const claim = (queue: ReturnType<typeof queueOf>, index: number): DemoDealer => {
    queue.used.add(index)
    while (queue.used.has(queue.next)) queue.next++
    return queue.items[index] as DemoDealer
  }
  const take = (brand: string): DemoDealer => {
    const queue = queueOf(brand)
    if (queue.next >= queue.items.length) throw new Error(`Not enough dealers of brand ${brand}`)
    return claim(queue, queue.next)
  }
  return {
    take,
    takeNear(brand, state, count) {
      const queue = queueOf(brand)
      const chosen: DemoDealer[] = []
      const end = Math.min(queue.items.length, queue.next + NEAR_WINDOW)
      for (let index = queue.next; index < end && chosen.length < count; index++) {
        if (!queue.used.has(index) && queue.items[index]?.state === state) {
          chosen.push(claim(queue, index))
        }
      }
      while (chosen.length < count) chosen.push(take(brand))
      return chosen
    },
  }
}
