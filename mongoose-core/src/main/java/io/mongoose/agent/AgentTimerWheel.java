package io.mongoose.agent;

import io.mongoose.dispatch.DispatchErrorHandler;
import io.mongoose.dispatch.TimerCallback;
import io.mongoose.internal.DebugChecks;
import org.agrona.DeadlineTimerWheel;
import org.agrona.collections.Hashing;
import org.agrona.collections.Long2LongHashMap;
import org.agrona.concurrent.NanoClock;

import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * The timers of one agent group, confined to its agent thread: an Agrona {@link DeadlineTimerWheel} polled once per
 * duty cycle. A timer lives in a slot of parallel arrays, which double when full; its id is
 * {@code generation << 32 | slot}, the generation moving on as the slot is freed, so a stale id never reaches a newer
 * timer. A poll sorts the due timers by deadline and schedule order, which the wheel does not keep within a tick.
 */
public final class AgentTimerWheel implements DeadlineTimerWheel.TimerHandler
{
    /** Longest delay or period accepted; keeps {@code now + delay} far from overflow. */
    static final long MAX_DELAY_NANOS = TimeUnit.DAYS.toNanos(365L * 100);
    static final String MAX_DELAY_TEXT = "100 years";
    private static final int INITIAL_TIMERS = 64;
    private static final long NO_SLOT = -1;
    private static final int FIRST_GENERATION = 1;

    private static final byte FREE = 0;
    private static final byte SCHEDULED = 1;
    private static final byte DUE = 2;
    private static final byte RUNNING = 3;

    static
    {
        // The map's first put and lookup load Agrona's Hashing: loaded here, on the thread that builds the server,
        // rather than on the agent's at its first timer.
        Hashing.hash(0L);
    }

    private final String agentName;
    private final NanoClock clock;
    private final DispatchErrorHandler errorHandler;
    private final DeadlineTimerWheel wheel;
    private final Long2LongHashMap slotByWheelId;

    private TimerCallback[] callbacks = new TimerCallback[INITIAL_TIMERS];
    private ProcessorScheduler[] owners = new ProcessorScheduler[INITIAL_TIMERS];
    private long[] deadlines = new long[INITIAL_TIMERS];
    private long[] periods = new long[INITIAL_TIMERS];
    private long[] wheelIds = new long[INITIAL_TIMERS];
    private long[] sequences = new long[INITIAL_TIMERS];
    private int[] generations = new int[INITIAL_TIMERS];
    private byte[] states = new byte[INITIAL_TIMERS];
    private int[] freeSlots = new int[INITIAL_TIMERS];
    private int freeCount;
    private long[] due = new long[INITIAL_TIMERS];
    private int dueCount;
    private long nextSequence;
    private Thread owner;
    private boolean closed;

    /** @param ticksPerWheel spokes of the wheel, a power of two. */
    public AgentTimerWheel(
        final String agentName, final Duration tickResolution, final int ticksPerWheel, final NanoClock clock,
        final DispatchErrorHandler errorHandler)
    {
        this.agentName = agentName;
        this.clock = clock;
        this.errorHandler = errorHandler;
        this.wheel = new DeadlineTimerWheel(
            TimeUnit.NANOSECONDS, clock.nanoTime(), tickNanos(tickResolution), ticksPerWheel);
        this.slotByWheelId = new Long2LongHashMap(INITIAL_TIMERS * 2, 0.65f, NO_SLOT);
        for (int i = 0; i < INITIAL_TIMERS; i++)
        {
            generations[i] = FIRST_GENERATION;
            freeSlots[freeCount++] = INITIAL_TIMERS - 1 - i;
        }
    }

    /** @return the wheel's tick: {@code resolution} in nanoseconds rounded up to a power of two. */
    public static long tickNanos(final Duration resolution)
    {
        return 1L << (64 - Long.numberOfLeadingZeros(resolution.toNanos() - 1));
    }

    /** On the agent thread, before any processor's onInit: from here on this thread owns the timers. */
    public void start(final Thread agentThread)
    {
        owner = agentThread;
        wheel.resetStartTime(clock.nanoTime());
    }

    /** @return whether the next duty cycle has anything to poll; the only cost of a group without timers. */
    public boolean hasTimers()
    {
        return wheel.timerCount() > 0;
    }

    /** @return timers run: every timer due now, in deadline order, with one clock read. */
    public int poll()
    {
        final long now = clock.nanoTime();
        collectDue(now);
        final int count = dueCount;
        sortDue(count);
        int ran = 0;
        for (int i = 0; i < count; i++)
        {
            ran += run(due[i], now);
        }
        dueCount = 0;
        return ran;
    }

    /** Visit spokes while a visit ends its tick, at most once round; a wheel further behind then jumps to now. */
    private void collectDue(final long now)
    {
        final int ticksPerWheel = wheel.ticksPerWheel();
        int visited = 0;
        long tickEnd;
        do
        {
            tickEnd = wheel.currentTickTime();
            wheel.poll(now, this, Integer.MAX_VALUE);
            visited++;
        }
        while (wheel.currentTickTime() != tickEnd && visited < ticksPerWheel && wheel.timerCount() > 0);
        if (visited == ticksPerWheel && now >= wheel.currentTickTime())
        {
            wheel.currentTickTime(now);
        }
    }

    @Override
    public boolean onTimerExpiry(final TimeUnit timeUnit, final long now, final long wheelTimerId)
    {
        final long slot = slotByWheelId.remove(wheelTimerId);
        if (NO_SLOT != slot)
        {
            final int s = (int)slot;
            states[s] = DUE;
            due[dueCount++] = id(s);
        }
        return true;
    }

    private int run(final long timerId, final long now)
    {
        final int slot = (int)timerId;
        final int generation = (int)(timerId >>> 32);
        if (generations[slot] != generation || DUE != states[slot])
        {
            return 0; // cancelled by a callback that ran earlier in this poll
        }
        final TimerCallback callback = callbacks[slot];
        final ProcessorScheduler scheduledBy = owners[slot];
        final long period = periods[slot];
        if (0 == period)
        {
            free(slot);
        }
        else
        {
            states[slot] = RUNNING;
        }
        try
        {
            callback.onTimer(timerId, now);
        }
        catch (final Throwable t)
        {
            report(scheduledBy, t);
        }
        if (0 != period && generations[slot] == generation && RUNNING == states[slot])
        {
            deadlines[slot] = nextDeadline(deadlines[slot], period, now);
            insert(slot);
        }
        return 1;
    }

    /** The next point of the timer's grid after {@code now}: no drift, and missed runs skipped rather than replayed. */
    public static long nextDeadline(final long deadline, final long period, final long now)
    {
        final long next = deadline + period;
        return next - now > 0 ? next : deadline + ((now - deadline) / period + 1) * period;
    }

    long schedule(
        final ProcessorScheduler scheduledBy, final long delayNanos, final long periodNanos,
        final TimerCallback callback)
    {
        checkUsable(scheduledBy);
        final long now = clock.nanoTime();
        if (0 == wheel.timerCount())
        {
            // Polls skip an empty wheel, so its tick may be far behind: catch it up while that costs nothing.
            wheel.currentTickTime(now);
        }
        final int slot = takeSlot();
        callbacks[slot] = callback;
        owners[slot] = scheduledBy;
        deadlines[slot] = now + delayNanos;
        periods[slot] = periodNanos;
        sequences[slot] = nextSequence++;
        insert(slot);
        return id(slot);
    }

    boolean cancel(final ProcessorScheduler scheduledBy, final long timerId)
    {
        checkThread(scheduledBy);
        final int slot = liveSlot(timerId);
        if (slot < 0 || owners[slot] != scheduledBy)
        {
            return false;
        }
        if (SCHEDULED == states[slot])
        {
            wheel.cancelTimer(wheelIds[slot]);
            slotByWheelId.remove(wheelIds[slot]);
        }
        free(slot);
        return true;
    }

    boolean isScheduled(final ProcessorScheduler scheduledBy, final long timerId)
    {
        final int slot = liveSlot(timerId);
        return slot >= 0 && owners[slot] == scheduledBy;
    }

    /** Before the processors' onStop: nothing runs from now on and nothing can be scheduled. */
    public void close()
    {
        closed = true;
        wheel.clear();
        slotByWheelId.clear();
        for (int slot = 0; slot < states.length; slot++)
        {
            if (FREE != states[slot])
            {
                free(slot);
            }
        }
    }

    /** @return timers live now: scheduled, or due in the poll that is running. */
    public int liveTimers()
    {
        return states.length - freeCount;
    }

    private int liveSlot(final long timerId)
    {
        final int slot = (int)timerId;
        final boolean live = timerId > 0 && slot >= 0 && slot < states.length &&
            generations[slot] == (int)(timerId >>> 32) && FREE != states[slot];
        return live ? slot : -1;
    }

    private void insert(final int slot)
    {
        final long wheelId = wheel.scheduleTimer(deadlines[slot]);
        wheelIds[slot] = wheelId;
        slotByWheelId.put(wheelId, slot);
        states[slot] = SCHEDULED;
    }

    private long id(final int slot)
    {
        return ((long)generations[slot] << 32) | slot;
    }

    private int takeSlot()
    {
        if (0 == freeCount)
        {
            grow();
        }
        return freeSlots[--freeCount];
    }

    private void free(final int slot)
    {
        states[slot] = FREE;
        callbacks[slot] = null;
        owners[slot] = null;
        final int next = generations[slot] + 1;
        // Positive generations keep every id above 0; a slot reused 2^31 times starts again at 1.
        generations[slot] = next > 0 ? next : FIRST_GENERATION;
        freeSlots[freeCount++] = slot;
    }

    /** All slots are live: double everything. */
    private void grow()
    {
        final int old = states.length;
        final int size = old * 2;
        callbacks = Arrays.copyOf(callbacks, size);
        owners = Arrays.copyOf(owners, size);
        deadlines = Arrays.copyOf(deadlines, size);
        periods = Arrays.copyOf(periods, size);
        wheelIds = Arrays.copyOf(wheelIds, size);
        sequences = Arrays.copyOf(sequences, size);
        generations = Arrays.copyOf(generations, size);
        states = Arrays.copyOf(states, size);
        freeSlots = Arrays.copyOf(freeSlots, size);
        due = Arrays.copyOf(due, size);
        for (int slot = size - 1; slot >= old; slot--)
        {
            generations[slot] = FIRST_GENERATION;
            freeSlots[freeCount++] = slot;
        }
    }

    /** Heapsort of the collected ids by (deadline, schedule order): in place, allocation-free, a no-op below 2. */
    private void sortDue(final int count)
    {
        for (int i = count / 2 - 1; i >= 0; i--)
        {
            siftDown(i, count);
        }
        for (int end = count - 1; end > 0; end--)
        {
            final long top = due[0];
            due[0] = due[end];
            due[end] = top;
            siftDown(0, end);
        }
    }

    private void siftDown(final int start, final int count)
    {
        int parent = start;
        while (true)
        {
            int largest = parent;
            final int left = 2 * parent + 1;
            final int right = left + 1;
            if (left < count && runsBefore(due[largest], due[left]))
            {
                largest = left;
            }
            if (right < count && runsBefore(due[largest], due[right]))
            {
                largest = right;
            }
            if (largest == parent)
            {
                return;
            }
            final long swap = due[parent];
            due[parent] = due[largest];
            due[largest] = swap;
            parent = largest;
        }
    }

    private boolean runsBefore(final long a, final long b)
    {
        final int slotA = (int)a;
        final int slotB = (int)b;
        final long byDeadline = deadlines[slotA] - deadlines[slotB];
        return byDeadline != 0 ? byDeadline < 0 : sequences[slotA] < sequences[slotB];
    }

    private void checkUsable(final ProcessorScheduler scheduledBy)
    {
        checkThread(scheduledBy);
        if (closed)
        {
            throw new IllegalStateException("processor '" + scheduledBy.processorName() + "' on agent '" + agentName +
                "': the agent has stopped and its timers are cancelled; expected scheduling from onInit until onStop");
        }
    }

    private void checkThread(final ProcessorScheduler scheduledBy)
    {
        if (DebugChecks.ENABLED && Thread.currentThread() != owner)
        {
            throw new IllegalStateException("processor '" + scheduledBy.processorName() + "' on agent '" + agentName +
                "': scheduler used from thread '" + Thread.currentThread().getName() + "'; expected the agent's " +
                "thread" + (null == owner ? " (the agent has not started: use it from onInit on)" :
                " '" + owner.getName() + "'"));
        }
    }

    private void report(final ProcessorScheduler scheduledBy, final Throwable error)
    {
        scheduledBy.countError();
        DispatchAgent.report(errorHandler, scheduledBy.processorName(), null, error, "a timer error");
    }
}
