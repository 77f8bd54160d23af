package io.mongoose.yaml;

import org.snakeyaml.engine.v2.events.AliasEvent;
import org.snakeyaml.engine.v2.events.CollectionStartEvent;
import org.snakeyaml.engine.v2.events.Event;
import org.snakeyaml.engine.v2.events.ScalarEvent;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.nodes.Tag;
import org.snakeyaml.engine.v2.parser.Parser;

import java.util.Optional;
import java.util.Set;

/**
 * Sits between SnakeYAML Engine's parser and its composer and refuses, at the event that crosses a limit, what the
 * composer would turn into a hang or a crash instead of an error:
 * <ul>
 *   <li>nesting deeper than a configuration ever needs: the composer recurses once per level, so ten thousand
 *       {@code [} end in {@link StackOverflowError};</li>
 *   <li>tags other than the YAML 1.2 core ones: {@code !!merge} on a key makes the composer merge a map into itself
 *       forever when the map contains its own alias, and no configuration needs a tag;</li>
 *   <li>more aliases than a configuration needs, so alias bombs stay small.</li>
 * </ul>
 */
final class GuardedParser implements Parser
{
    private static final String CORE = "tag:yaml.org,2002:";
    private static final Set<String> SCALAR_TAGS =
        Set.of(Tag.STR.getValue(), Tag.INT.getValue(), Tag.FLOAT.getValue(), Tag.BOOL.getValue(), Tag.NULL.getValue());

    private final Parser delegate;
    private final int maxDepth;
    private final int maxAliases;
    private int depth;
    private int aliases;

    GuardedParser(final Parser delegate, final int maxDepth, final int maxAliases)
    {
        this.delegate = delegate;
        this.maxDepth = maxDepth;
        this.maxAliases = maxAliases;
    }

    @Override
    public boolean checkEvent(final Event.ID id)
    {
        return delegate.checkEvent(id);
    }

    @Override
    public Event peekEvent()
    {
        return delegate.peekEvent();
    }

    @Override
    public boolean hasNext()
    {
        return delegate.hasNext();
    }

    @Override
    public Event next()
    {
        final Event event = delegate.next();
        switch (event.getEventId())
        {
            case SequenceStart, MappingStart ->
            {
                if (++depth > maxDepth)
                {
                    throw new Refused("nested deeper than " + maxDepth + " levels",
                        "a configuration, which nests at most 6 levels", event.getStartMark());
                }
                checkTag(((CollectionStartEvent)event).getTag(),
                    event.getEventId() == Event.ID.SequenceStart ? Tag.SEQ.getValue() : Tag.MAP.getValue(), event);
            }
            case SequenceEnd, MappingEnd -> depth--;
            case Scalar -> checkTag(((ScalarEvent)event).getTag(), null, event);
            case Alias ->
            {
                if (++aliases > maxAliases)
                {
                    throw new Refused("alias *" + YamlValues.escape(((AliasEvent)event).getAlias().getValue()) +
                        " is one alias too many", "at most " + maxAliases + " aliases", event.getStartMark());
                }
            }
            default ->
            {
                // stream and document boundaries and comments carry nothing to limit
            }
        }
        return event;
    }

    /** An explicit tag is accepted only when it restates what the node is anyway; "!" means "no tag". */
    private static void checkTag(final Optional<String> tag, final String collectionTag, final Event event)
    {
        if (tag.isEmpty() || tag.get().equals("!"))
        {
            return;
        }
        final String value = tag.get();
        final boolean accepted = null == collectionTag ? SCALAR_TAGS.contains(value) : collectionTag.equals(value);
        if (!accepted)
        {
            final String shown = value.startsWith(CORE) ? "!!" + value.substring(CORE.length()) : value;
            throw new Refused("tag '" + YamlValues.escape(shown) + "' is not supported",
                "plain values without tags (a tag never selects a class here)", event.getStartMark());
        }
    }

    /** A limit crossed; reported like a syntax error, with its position. */
    static final class Refused extends MarkedYamlEngineException
    {
        private static final long serialVersionUID = 1L;

        private final String expected;

        Refused(final String problem, final String expected, final Optional<Mark> mark)
        {
            super(null, Optional.empty(), problem, mark);
            this.expected = expected;
        }

        /**
         * @return what would have been accepted.
         */
        String expected()
        {
            return expected;
        }
    }
}
