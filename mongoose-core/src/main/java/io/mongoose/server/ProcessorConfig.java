package io.mongoose.server;

import io.mongoose.dispatch.EventProcessor;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One processor inside an agent group.
 *
 * @param name          unique processor name.
 * @param processor     the user logic.
 * @param subscriptions named feeds it receives (broadcast feeds reach it anyway).
 */
public record ProcessorConfig(String name, EventProcessor processor, List<String> subscriptions)
{
    /**
     * Copies the subscription list; nulls are kept so validation can name them.
     */
    public ProcessorConfig
    {
        subscriptions = null == subscriptions ? List.of() : Collections.unmodifiableList(new ArrayList<>(subscriptions));
    }
}
