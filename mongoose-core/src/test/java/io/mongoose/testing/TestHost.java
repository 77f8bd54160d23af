package io.mongoose.testing;

import io.mongoose.admin.AdminHost;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** An {@link AdminHost} whose state a test sets, recording what is reported to it; for core's and the tools' tests. */
public final class TestHost implements AdminHost
{
    public volatile String state = "RUNNING";
    public final List<String> reported = new CopyOnWriteArrayList<>();

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
