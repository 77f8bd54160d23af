/**
 * User services hosted by a server: {@link io.mongoose.service.MongooseService} (lifecycle around the processors),
 * {@link io.mongoose.service.AgentService} (a duty cycle on its own thread, producer of its feeds) and
 * {@link io.mongoose.service.MessageSource} (says which pooled messages it publishes where).
 */
package io.mongoose.service;
