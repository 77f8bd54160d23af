/**
 * User services hosted by a Mongoose server: {@link io.mongoose.service.MongooseService} (lifecycle around the
 * processors), {@link io.mongoose.service.AgentService} (a duty cycle on an agent thread of its own, the single producer
 * of the feeds it declares), {@link io.mongoose.service.MessageSource} (an agent service that says which pooled messages
 * it publishes where, so the server can size their pool), and how processors and services find them
 * ({@link io.mongoose.service.ServiceLookup}).
 */
package io.mongoose.service;
