package io.mongoose.tools;

import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.dispatch.ProcessorContext;
import io.mongoose.yaml.ProcessorTypeProvider;
import io.mongoose.yaml.ProcessorTypes;

/**
 * The processor types {@link MongooseMainTest}'s child JVMs find through {@code META-INF/services}: one that prints its
 * lifecycle with the thread it runs on, and one that fails to start.
 */
public final class MainTestProcessorTypes implements ProcessorTypeProvider
{
    @Override
    public void addTypes(final ProcessorTypes.Builder types)
    {
        types.add("lifecycle-printer", LifecyclePrinter::new)
            .add("failing-start", FailingStart::new);
    }

    /** Prints {@code lifecycle <processor> <callback> on <thread>} for each lifecycle callback. */
    static final class LifecyclePrinter implements EventProcessor
    {
        private String name = "?";

        @Override
        public void registerHandlers(final HandlerRegistry handlers)
        {
        }

        @Override
        public void onInit(final ProcessorContext context)
        {
            name = context.processorName();
            print("onInit");
        }

        @Override
        public void onStart()
        {
            print("onStart");
        }

        @Override
        public void onStop()
        {
            print("onStop");
        }

        @Override
        public void onTearDown()
        {
            print("onTearDown");
        }

        private void print(final String callback)
        {
            System.out.println("lifecycle " + name + " " + callback + " on " + Thread.currentThread().getName());
        }
    }

    /** Throws in {@code onStart}. */
    static final class FailingStart implements EventProcessor
    {
        @Override
        public void registerHandlers(final HandlerRegistry handlers)
        {
        }

        @Override
        public void onStart()
        {
            throw new IllegalStateException("no market data today");
        }
    }
}
