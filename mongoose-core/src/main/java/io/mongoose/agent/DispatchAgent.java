package io.mongoose.agent;

import io.mongoose.config.Pinning;
import io.mongoose.dispatch.DispatchErrorHandler;
import io.mongoose.dispatch.EventHandler;
import io.mongoose.internal.MessageAccess;
import io.mongoose.internal.MessageRing;
import io.mongoose.internal.ReleaseBatch;
import io.mongoose.internal.SingleWriterCounter;
import io.mongoose.pool.PooledMessage;
import io.mongoose.status.LatencyMonitor;
import org.agrona.concurrent.Agent;

import java.util.concurrent.CompletableFuture;

/**
 * The duty cycle of one agent group: drain each inbound queue up to the drain limit, dispatch every message to the
 * group's processors that receive its feed, release it. Runs the processors' lifecycle on the same thread.
 *
 * <p>Threading: every method runs on the group's agent thread, except {@link #startOutcome()} and the counters, which
 * other threads read.
 */
public final class DispatchAgent implements Agent
{
    private static final System.Logger LOG = System.getLogger("io.mongoose.server");
    private static final int MAX_RELEASE_BATCH = 4096;

    private final String roleName;
    private final String agentSource;
    /** One per feed the group receives, queue or ring alike. */
    private final Inbound[] inbound;
    private final ProcessorSlot[] processors;
    private final int drainLimit;
    private final Pinning pinningRequest;
    private final DispatchErrorHandler errorHandler;
    private final ReleaseBatch<PooledMessage> releases;
    private final AgentTimerWheel timers;
    private final CompletableFuture<Void> startOutcome = new CompletableFuture<>();
    public final SingleWriterCounter dispatched = new SingleWriterCounter();
    public final SingleWriterCounter agentErrors = new SingleWriterCounter();
    public final AgentCommandQueue commands;
    /** Every duty cycle, busy or idle: the sampler reads its movement as the agent's liveness. */
    public final SingleWriterCounter dutyCycles = new SingleWriterCounter();
    /** Duty cycles that found no work; counted only when idle, so a busy agent pays nothing for it. */
    public final SingleWriterCounter idleCycles = new SingleWriterCounter();
    private boolean running;
    private CorePinning pinning;
    private volatile String pinningOutcome = "not started";
    private volatile boolean closeRequested;
    private boolean stopReported;

    public DispatchAgent(
        final String roleName, final Inbound[] inbound, final ProcessorSlot[] processors, final int drainLimit, final Pinning pinningRequest,
        final DispatchErrorHandler errorHandler, final AgentTimerWheel timers)
    {
        this.roleName = roleName;
        this.agentSource = "agent:" + roleName;
        this.inbound = inbound;
        for (final Inbound in : inbound)
        {
            if (in instanceof InboundRing ring)
            {
                ring.handler = null != ring.soleHandler ? ring.soleHandler : new RingFanOut(ring);
            }
        }
        this.processors = processors;
        this.drainLimit = drainLimit;
        this.pinningRequest = pinningRequest;
        this.errorHandler = errorHandler;
        this.timers = timers;
        // One drain's worth, so a drain never flushes half-way; a huge drain limit flushes as it goes.
        this.releases =
            MessageAccess.<PooledMessage>get().newReleaseBatch(Math.min(drainLimit, MAX_RELEASE_BATCH));
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
        LifecycleFailure failure = null;
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
        final Inbound[] inbound = this.inbound;
        for (int i = 0; i < inbound.length; i++)
        {
            if (inbound[i].paused)
            {
                continue;
            }
            final int drained = inbound[i].drain(this, drainLimit);
            if (drained > 0)
            {
                // Once per drain rather than per message: one ordered store where there were as many as drained.
                dispatched.add(drained);
                countHandled(inbound[i].subscribers, drained);
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
     * The message at {@code from}, which is published, and each next one that says it is published, up to
     * {@code limit}, to {@code handler}. The handler runs in a loop of its own with one error boundary around the
     * loop, re-entered after the message that threw, as the Disruptor's batch processor does. Only a sole subscriber's
     * handler throws here ({@link RingFanOut} has a boundary per subscriber), so a throw is charged to {@code slot},
     * that subscriber.
     *
     * @return one past the last message dispatched.
     */
    long walk(
        final MessageRing<PooledMessage> ring, final long from, final long limit, final ProcessorSlot slot,
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
    void deliver(
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

    /** A queue feed's message, handled by every subscriber: the queue's reference goes. */
    void releaseDelivered(final PooledMessage message)
    {
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

    /** A ring drain's end: messages its handlers kept leave the ring (see {@link MessageRing#afterDrain}). */
    void afterRingDrain(final MessageRing<PooledMessage> ring, final long first, final long end)
    {
        try
        {
            ring.afterDrain(first, end);
        }
        catch (final Throwable t)
        {
            agentErrors.increment();
            report(agentSource, null, t);
        }
    }

    /** Freed messages go back to their pools once per drain, a run per pool, rather than one free-list claim each. */
    void returnReleased()
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

    /** Read by the stopping thread while it waits for the drain. */
    public boolean inboundEmpty()
    {
        for (final Inbound in : inbound)
        {
            if (!in.isEmpty())
            {
                return false;
            }
        }
        return true;
    }

    /**
     * For stop's wait on pipes, read by the stopping thread: {@code -1} while a message waits or a handler is still
     * running on one (a handler may publish into a pipe), otherwise the number of messages ever offered to this agent,
     * which grows with every message.
     */
    public long progressIfBalanced()
    {
        long offered = 0;
        for (final Inbound in : inbound)
        {
            final long progress = in.progressIfBalanced();
            if (progress < 0)
            {
                return -1;
            }
            offered += progress;
        }
        return offered;
    }

    public CompletableFuture<Void> startOutcome()
    {
        return startOutcome;
    }

    String pinningOutcome()
    {
        return pinningOutcome;
    }

    private LifecycleFailure lifecycleFailure(final ProcessorSlot slot, final String phase, final Throwable t)
    {
        slot.errors.increment();
        report(slot.name, null, t);
        return new LifecycleFailure(
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
