package io.mongoose.server;

import io.mongoose.dispatch.DispatchErrorHandler;
import io.mongoose.dispatch.EventHandler;
import io.mongoose.pool.PooledMessage;
import io.mongoose.pool.SingleThreadReleaseBatch;
import io.mongoose.pool.SpscMessageRing;
import org.agrona.concurrent.Agent;

import java.util.concurrent.CompletableFuture;

/**
 * The duty cycle of one agent group: drain each inbound queue up to the drain limit, dispatch every message to the
 * group's processors that receive its feed, release it. Runs the processors' lifecycle on the same thread.
 *
 * <p>Threading: every method runs on the group's agent thread, except {@link #startOutcome()} and the counters, which
 * other threads read.
 */
final class DispatchAgent implements Agent
{
    private static final System.Logger LOG = System.getLogger("io.mongoose.server");
    private static final int MAX_RELEASE_BATCH = 4096;

    private final String roleName;
    private final String agentSource;
    private final InboundQueue[] inbound;
    private final InboundRing[] rings;
    /** Per ring, in {@link #rings}' order: its sole subscriber's handler, or a {@link RingFanOut} to all of them. */
    private final EventHandler<PooledMessage>[] ringHandlers;
    private final ProcessorSlot[] processors;
    private final int drainLimit;
    private final Pinning pinningRequest;
    private final DispatchErrorHandler errorHandler;
    private final SingleThreadReleaseBatch releases;
    private final AgentTimerWheel timers;
    private final CompletableFuture<Void> startOutcome = new CompletableFuture<>();
    final SingleWriterCounter dispatched = new SingleWriterCounter();
    final SingleWriterCounter agentErrors = new SingleWriterCounter();
    final AgentCommandQueue commands;
    /** Every duty cycle, busy or idle: the sampler reads its movement as the agent's liveness. */
    final SingleWriterCounter dutyCycles = new SingleWriterCounter();
    /** Duty cycles that found no work; counted only when idle, so a busy agent pays nothing for it. */
    final SingleWriterCounter idleCycles = new SingleWriterCounter();
    private boolean running;
    private CorePinning pinning;
    private volatile String pinningOutcome = "not started";
    private volatile boolean closeRequested;
    private boolean stopReported;

    DispatchAgent(
        final String roleName, final InboundQueue[] inbound, final InboundRing[] rings,
        final ProcessorSlot[] processors, final int drainLimit, final Pinning pinningRequest,
        final DispatchErrorHandler errorHandler, final AgentTimerWheel timers)
    {
        this.roleName = roleName;
        this.agentSource = "agent:" + roleName;
        this.inbound = inbound;
        this.rings = rings;
        @SuppressWarnings("unchecked") final EventHandler<PooledMessage>[] byRing =
            (EventHandler<PooledMessage>[])new EventHandler<?>[rings.length];
        for (int i = 0; i < rings.length; i++)
        {
            byRing[i] = null != rings[i].soleHandler ? rings[i].soleHandler : new RingFanOut(rings[i]);
        }
        this.ringHandlers = byRing;
        this.processors = processors;
        this.drainLimit = drainLimit;
        this.pinningRequest = pinningRequest;
        this.errorHandler = errorHandler;
        this.timers = timers;
        // One drain's worth, so a drain never flushes half-way; a huge drain limit flushes as it goes.
        this.releases = new SingleThreadReleaseBatch(Math.min(drainLimit, MAX_RELEASE_BATCH));
        this.commands = new AgentCommandQueue(roleName, errorHandler);
    }

    @Override
    public String roleName()
    {
        return roleName;
    }

    @Override
    public void onStart()
    {
        pinning = CorePinning.pinCurrentThread(roleName, pinningRequest);
        // A handler that acquires from a pool this agent releases to must see the messages held in the batch.
        releases.bindToCurrentThread();
        pinningOutcome = pinning.outcome;
        timers.start(Thread.currentThread());
        MongooseStartException failure = null;
        for (final ProcessorSlot slot : processors)
        {
            try
            {
                slot.processor.onInit(slot.context);
                slot.initialised = true;
            }
            catch (final Throwable t)
            {
                failure = lifecycleFailure(slot, "onInit", t);
                break;
            }
        }
        for (int i = 0; null == failure && i < processors.length; i++)
        {
            final ProcessorSlot slot = processors[i];
            try
            {
                slot.processor.onStart();
                slot.started = true;
            }
            catch (final Throwable t)
            {
                failure = lifecycleFailure(slot, "onStart", t);
            }
        }
        if (null == failure)
        {
            running = true;
            startOutcome.complete(null);
        }
        else
        {
            startOutcome.completeExceptionally(failure);
        }
    }

    @Override
    public int doWork()
    {
        dutyCycles.increment();
        if (!running)
        {
            return 0;
        }
        int work = 0;
        // Commands first: one that pauses a feed is then already in force for this cycle's drains.
        work += commands.runPending();
        final InboundQueue[] inbound = this.inbound;
        for (int i = 0; i < inbound.length; i++)
        {
            if (inbound[i].paused)
            {
                continue;
            }
            final int drained = drain(inbound[i], inbound[i].subscribers);
            if (drained > 0)
            {
                // Once per drain rather than per message: one ordered store where there were as many as drained.
                dispatched.add(drained);
                countHandled(inbound[i].subscribers, drained);
                inbound[i].completed.add(drained);
                returnReleased();
                work += drained;
            }
        }
        final InboundRing[] rings = this.rings;
        for (int i = 0; i < rings.length; i++)
        {
            if (rings[i].paused)
            {
                continue;
            }
            final int drained = drainRing(rings[i], ringHandlers[i]);
            if (drained > 0)
            {
                dispatched.add(drained);
                countHandled(rings[i].subscribers, drained);
                work += drained;
            }
        }
        if (0 == work)
        {
            idleCycles.increment();
        }
        if (timers.hasTimers())
        {
            // The only clock read of a duty cycle, and only while some timer is live.
            work += timers.poll();
        }
        return work;
    }

    /**
     * Take up to the drain limit from {@code queue} and deliver each message to every subscriber, then release it.
     *
     * <p>The loop and the per-message work are one method on purpose. Handed to JCTools' {@code drain} as a consumer
     * callback, the per-message method was compiled on its own first (it runs per message, the loop per drain) and C2
     * then refused to inline it into the loop ("already compiled into a big method"), leaving a real call per message.
     */
    private int drain(final InboundQueue inbound, final ProcessorSlot[] subscribers)
    {
        final DeliveryQueue queue = inbound.queue;
        final int limit = drainLimit;
        int drained = 0;
        PooledMessage message;
        while (drained < limit && null != (message = queue.relaxedPoll()))
        {
            drained++;
            deliver(message, subscribers, null);
            try
            {
                releases.releaseDelivered(message);
            }
            catch (final Throwable t)
            {
                agentErrors.increment();
                report(agentSource, message, t);
            }
        }
        return drained;
    }

    /**
     * Dispatch the messages a ring feed published since the last drain, up to the drain limit, in place in the ring;
     * then hand their slots back with one store. A message a handler retained leaves the ring (see
     * {@link SpscMessageRing#afterDrain(long, long)}); the others are never written by this thread.
     *
     * @param handler the ring's sole subscriber's handler, or its {@link RingFanOut}.
     */
    private int drainRing(final InboundRing inbound, final EventHandler<PooledMessage> handler)
    {
        final SpscMessageRing<?> ring = inbound.ring;
        final long first = inbound.next;
        // The message expected next says whether it is published: an idle agent waits on that one line, which brings
        // the message's fields too, rather than on the ring's published sequence, a line the producer writes each time.
        if (!ring.isPublished(first))
        {
            return 0;
        }
        final long end = walk(ring, first, first + drainLimit, inbound.subscribers[0], handler);
        try
        {
            ring.afterDrain(first, end);
        }
        catch (final Throwable t)
        {
            agentErrors.increment();
            report(agentSource, null, t);
        }
        inbound.next = end;
        ring.consumedUpTo(end);
        return (int)(end - first);
    }

    /**
     * The message at {@code from}, which is published, and each next one that says it is published, up to
     * {@code limit}, to {@code handler}. The handler runs in a loop of its own with one error boundary around the
     * loop, re-entered after the message that threw, as the Disruptor's batch processor does. Only a sole subscriber's
     * handler throws here ({@link RingFanOut} has a boundary per subscriber), so a throw is charged to {@code slot},
     * that subscriber.
     *
     * @return one past the last message dispatched.
     */
    private long walk(
        final SpscMessageRing<?> ring, final long from, final long limit, final ProcessorSlot slot,
        final EventHandler<PooledMessage> handler)
    {
        long sequence = from;
        // Bounded: every pass dispatches at least one message, and there are at most limit - from.
        for (;;)
        {
            try
            {
                do
                {
                    handler.onEvent(ring.messageAt(sequence));
                    sequence++;
                }
                while (sequence < limit && ring.isPublished(sequence));
                return sequence;
            }
            catch (final Throwable t)
            {
                handlerFailed(slot, ring.messageAt(sequence), t);
                sequence++;
                if (sequence == limit || !ring.isPublished(sequence))
                {
                    return sequence;
                }
            }
        }
    }

    /**
     * A ring feed's messages to each of its subscribers, for a ring without a sole handler (several subscribers, or one
     * that monitors latency or has no handler for the ring's type): {@link #deliver} as an {@link EventHandler}, built
     * once per ring, so both kinds of ring drain through the same loops. Never throws: every subscriber has its own
     * error boundary in {@link #deliver}.
     */
    private final class RingFanOut implements EventHandler<PooledMessage>
    {
        private final ProcessorSlot[] subscribers;
        private final EventHandler<PooledMessage>[] handlers;

        RingFanOut(final InboundRing ring)
        {
            this.subscribers = ring.subscribers;
            this.handlers = ring.handlers;
        }

        @Override
        public void onEvent(final PooledMessage message)
        {
            deliver(message, subscribers, handlers);
        }
    }

    /**
     * One message to every subscriber of its feed on this agent, each in its own error boundary.
     *
     * @param handlers each subscriber's handler, found once for a ring feed's one type; {@code null} to find it by the
     *                 message's type (a queue feed may carry any).
     */
    private void deliver(
        final PooledMessage message, final ProcessorSlot[] subscribers, final EventHandler<PooledMessage>[] handlers)
    {
        for (int i = 0; i < subscribers.length; i++)
        {
            final ProcessorSlot slot = subscribers[i];
            final LatencyMonitor latency = slot.latency;
            if (null != latency)
            {
                // At this processor's handler entry: one clock read per monitored processor per message.
                latency.record(System.nanoTime() - message.publishNanos());
            }
            final EventHandler<PooledMessage> handler = null != handlers ? handlers[i] : slot.table.handlerOf(message);
            if (null == handler)
            {
                slot.unhandled.increment();
                slot.notHandledInDrain++;
                continue;
            }
            try
            {
                handler.onEvent(message);
            }
            catch (final Throwable t)
            {
                handlerFailed(slot, message, t);
            }
        }
    }

    /** A handler threw: counted against its processor, which did not handle this message, and reported. */
    private void handlerFailed(final ProcessorSlot slot, final PooledMessage message, final Throwable t)
    {
        slot.errors.increment();
        slot.notHandledInDrain++;
        report(slot.name, message, t);
    }

    /**
     * A drain's handled messages are counted once per subscriber after it: every message reached every subscriber, so
     * handled is the drain's size less those the subscriber did not handle (no handler, or it threw), which were
     * counted as they happened. One store per subscriber per drain instead of one per message.
     */
    private static void countHandled(final ProcessorSlot[] subscribers, final int drained)
    {
        for (int i = 0; i < subscribers.length; i++)
        {
            final ProcessorSlot slot = subscribers[i];
            slot.handled.add(drained - slot.notHandledInDrain);
            slot.notHandledInDrain = 0;
        }
    }

    /** Freed messages go back to their pools once per drain, a run per pool, rather than one free-list claim each. */
    private void returnReleased()
    {
        try
        {
            releases.flush();
        }
        catch (final Throwable t)
        {
            agentErrors.increment();
            report(agentSource, null, t);
        }
    }

    @Override
    public void onClose()
    {
        if (running)
        {
            // Commands accepted while the server ran still run, before the processors stop.
            commands.runAll();
        }
        // Before onStop: no timer runs after it, and none can be scheduled from it.
        timers.close();
        returnReleased();
        releases.unbindFromCurrentThread();
        if (running)
        {
            // Agrona's runner ends its loop on its own when the thread is interrupted while idle (or a handler's
            // InterruptedException leaves the flag set), without reporting anything.
            reportUnrequestedStop("its processors are stopped");
        }
        running = false;
        for (final ProcessorSlot slot : processors)
        {
            if (slot.started)
            {
                slot.started = false;
                try
                {
                    slot.processor.onStop();
                }
                catch (final Throwable t)
                {
                    slot.errors.increment();
                    report(slot.name, null, t);
                }
            }
        }
        for (final ProcessorSlot slot : processors)
        {
            if (slot.initialised)
            {
                slot.initialised = false;
                try
                {
                    slot.processor.onTearDown();
                }
                catch (final Throwable t)
                {
                    slot.errors.increment();
                    report(slot.name, null, t);
                }
            }
        }
        if (null != pinning)
        {
            final String problem = pinning.release();
            if (null != problem)
            {
                LOG.log(System.Logger.Level.WARNING, "agent '" + roleName + "': " + problem);
            }
            pinning = null;
        }
    }

    /** For tests in this package: the agent's inbound queues, one per feed it receives. */
    InboundQueue[] inbound()
    {
        return inbound;
    }

    /** Called by the server before it closes the runner or invoker: from then on, closing is expected. */
    void requestClose()
    {
        closeRequested = true;
    }

    /**
     * Agrona ended the duty cycle although the server did not ask: the server still runs and its feeds still accept
     * messages that nobody will dispatch now. Say so once, on the agent's thread, instead of stopping silently.
     */
    void reportUnrequestedStop(final String state)
    {
        if (closeRequested || stopReported)
        {
            return;
        }
        stopReported = true;
        agentErrors.increment();
        report(agentSource, null, new IllegalStateException("agent '" + roleName + "' stopped before the server " +
            "stopped it" + (Thread.currentThread().isInterrupted() ? " (its thread was interrupted)" : "") + "; " +
            state + " and its queues are no longer drained: messages published to them are released as " +
            "undelivered at stop()"));
    }

    /** Errors thrown by the agent runner itself (outside any processor). */
    void onRunnerError(final Throwable error)
    {
        agentErrors.increment();
        report(agentSource, null, error);
    }

    /** Read by the stopping thread while it waits for the drain; an SPSC queue's emptiness is safe to read anywhere. */
    boolean inboundEmpty()
    {
        for (final InboundQueue queue : inbound)
        {
            if (!queue.queue.isEmpty())
            {
                return false;
            }
        }
        for (final InboundRing ring : rings)
        {
            if (ring.ring.depth() > 0)
            {
                return false;
            }
        }
        return true;
    }

    /**
     * For stop's wait on pipes, read by the stopping thread: {@code -1} while a queue holds a message or a handler is
     * still running on one (a handler may publish into a pipe), otherwise the number of messages ever offered to this
     * agent's queues, which grows with every message.
     */
    long progressIfBalanced()
    {
        long offered = 0;
        for (final InboundQueue queue : inbound)
        {
            final long completed = queue.completed.get();
            final long producerIndex = queue.queue.currentProducerIndex();
            if (completed != producerIndex)
            {
                return -1;
            }
            offered += producerIndex;
        }
        for (final InboundRing ring : rings)
        {
            // The agent hands a drain's slots back after their handlers have returned, so consumed is "completed".
            final long consumed = ring.ring.consumed();
            final long published = ring.ring.published();
            if (consumed != published)
            {
                return -1;
            }
            offered += published;
        }
        return offered;
    }

    CompletableFuture<Void> startOutcome()
    {
        return startOutcome;
    }

    String pinningOutcome()
    {
        return pinningOutcome;
    }

    private MongooseStartException lifecycleFailure(final ProcessorSlot slot, final String phase, final Throwable t)
    {
        slot.errors.increment();
        report(slot.name, null, t);
        return new MongooseStartException(
            "processor '" + slot.name + "' on agent '" + roleName + "' failed in " + phase + ": " + t, t);
    }

    private void report(final String source, final PooledMessage message, final Throwable error)
    {
        try
        {
            errorHandler.onError(source, message, error);
        }
        catch (final Throwable handlerFailure)
        {
            // The error handler itself failed: never lose either error.
            handlerFailure.addSuppressed(error);
            LOG.log(System.Logger.Level.ERROR, "error handler failed while reporting an error from " + source,
                handlerFailure);
        }
    }
}
