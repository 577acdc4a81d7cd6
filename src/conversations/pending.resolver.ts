import { Arg, Authorized, ID, Mutation, Query, Resolver } from 'type-graphql';
import { notImplemented } from '../common/not-implemented';

/** The contract's usage and budget operations, declared ahead of their implementation. */
@Resolver()
export class PendingResolver {}
