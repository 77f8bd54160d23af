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

import java.util.Arrays;
import java.util.concurrent.CompletableFuture;

/**
 * The duty cycle of one agent group: drain each inbound feed up to the drain limit, dispatch every message to the
 * group's processors that receive it, release it; and the processors' lifecycle. Threading: the agent thread, except
 * {@link #startOutcome()}, the counters and the stopping thread's reads.
 */
public final class DispatchAgent implements Agent
{
    private static final System.Logger LOG = System.getLogger("io.mongoose.server");
    private static final int MAX_RELEASE_BATCH = 4096;

    private final String roleName;
    private final String agentSource;
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
    /** Every duty cycle, busy or idle: its movement is the agent's liveness. */
    public final SingleWriterCounter dutyCycles = new SingleWriterCounter();
    /** Duty cycles that found no work, counted only then, so a busy agent pays nothing for it. */
    public final SingleWriterCounter idleCycles = new SingleWriterCounter();
    private boolean running;
    private CorePinning pinning;
    private volatile String pinningOutcome = "not started";
    private volatile boolean closeRequested;
    private boolean stopReported;

    public DispatchAgent(
        final String roleName, final Inbound[] inbound, final ProcessorSlot[] processors, final int drainLimit,
        final Pinning pinningRequest, final DispatchErrorHandler errorHandler, final AgentTimerWheel timers)
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
        // One drain's worth, so a drain does not flush half-way unless its limit is huge.
        this.releases = MessageAccess.<PooledMessage>get().newReleaseBatch(Math.min(drainLimit, MAX_RELEASE_BATCH));
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
        // A handler acquiring from a pool this agent releases to gets the messages held in the batch.
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
                // Once per drain rather than per message.
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
     * @return one past the last published message from {@code from}, below {@code limit}, given to {@code handler} in
     *         one error boundary re-entered after a throw, which only a sole subscriber's ({@code slot}) handler does.
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
     * {@link #deliver} as the handler of a ring without a sole handler, so every ring drains through {@link #walk}.
     * Never throws: each subscriber has its own error boundary.
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

    /** To every subscriber, each in its own error boundary; with {@code handlers} null, looked up by message type. */
    void deliver(
        final PooledMessage message, final ProcessorSlot[] subscribers, final EventHandler<PooledMessage>[] handlers)
    {
        for (int i = 0; i < subscribers.length; i++)
        {
            final ProcessorSlot slot = subscribers[i];
            final LatencyMonitor latency = slot.latency;
            if (null != latency)
            {
                // At this processor's handler entry.
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

    private void handlerFailed(final ProcessorSlot slot, final PooledMessage message, final Throwable t)
    {
        slot.errors.increment();
        slot.notHandledInDrain++;
        report(slot.name, message, t);
    }

    /** Every message of a drain reached every subscriber: handled is the drain's size less those it did not handle. */
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

    /** A ring drain's end: messages its handlers kept leave the ring. */
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

    /** Freed messages go back to their pools once per drain, a run per pool. */
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
            // Commands accepted while the server ran still run before the processors stop.
            commands.runAll();
        }
        // Before onStop: no timer runs after it, and none can be scheduled from it.
        timers.close();
        returnReleased();
        releases.unbindFromCurrentThread();
        if (running)
        {
            // Agrona's runner ends its loop silently when the thread is interrupted while idle.
            reportUnrequestedStop("its processors are stopped");
        }
        running = false;
        for (final ProcessorSlot slot : processors)
        {
            if (slot.started)
            {
                slot.started = false;
                callReporting(slot, slot.processor::onStop);
            }
        }
        for (final ProcessorSlot slot : processors)
        {
            if (slot.initialised)
            {
                slot.initialised = false;
                callReporting(slot, slot.processor::onTearDown);
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

    /** Called before the server closes the runner or invoker: from then on, closing is expected. */
    void requestClose()
    {
        closeRequested = true;
    }

    /** Agrona ended the duty cycle unasked while the feeds still accept messages: report it once, not silently. */
    void reportUnrequestedStop(final String state)
    {
        if (closeRequested || stopReported)
        {
            return;
        }
        stopReported = true;
        onRunnerError(new IllegalStateException("agent '" + roleName + "' stopped before the server " +
            "stopped it" + (Thread.currentThread().isInterrupted() ? " (its thread was interrupted)" : "") + "; " +
            state + " and its queues are no longer drained: messages published to them are released as " +
            "undelivered at stop()"));
    }

    /** Errors thrown by the agent runner itself, outside any processor. */
    void onRunnerError(final Throwable error)
    {
        agentErrors.increment();
        report(agentSource, null, error);
    }

    /** Read by the stopping thread while it waits for the drain. */
    public boolean inboundEmpty()
    {
        return Arrays.stream(inbound).allMatch(Inbound::isEmpty);
    }

    /** For stop's wait on pipes: the sum of {@link Inbound#progressIfBalanced()}, or -1 if one is unbalanced. */
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

    private void callReporting(final ProcessorSlot slot, final Runnable callback)
    {
        try
        {
            callback.run();
        }
        catch (final Throwable t)
        {
            slot.errors.increment();
            report(slot.name, null, t);
        }
    }

    private void report(final String source, final PooledMessage message, final Throwable error)
    {
        report(errorHandler, source, message, error, "an error");
    }

    /** To {@code errorHandler}; if that throws too, both are logged, {@code what} naming the first. */
    static void report(final DispatchErrorHandler errorHandler, final String source, final PooledMessage message,
        final Throwable error, final String what)
    {
        try
        {
            errorHandler.onError(source, message, error);
        }
        catch (final Throwable handlerFailure)
        {
            handlerFailure.addSuppressed(error);
            LOG.log(System.Logger.Level.ERROR, "error handler failed while reporting " + what + " from " + source,
                handlerFailure);
        }
    }
}
