package io.mongoose.tools;

import io.mongoose.admin.AdminHost;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** An {@link AdminHost} whose state a test sets, recording what is reported to it. */
final class TestHost implements AdminHost
{
    volatile String state = "RUNNING";
    final List<String> reported = new CopyOnWriteArrayList<>();

    @Override
    public String name()
    {
        return "test";
    }

    @Override
    public String state()
    {
        return state;
    }

    @Override
    public boolean isRunning()
    {
        return "RUNNING".equals(state);
    }

    @Override
    public boolean isFinished()
    {
        return "STOPPED".equals(state);
    }

    @Override
    public void reportError(final String source, final Throwable error)
    {
        reported.add(source + " " + error);
    }
}
