#ifndef RIDE_FLOW_H
#define RIDE_FLOW_H

/* Capacitated assignment of passengers to drivers as min-cost flow, solved exactly by LEMON's
   network simplex. A plain C interface so Swift can call it without C++ interop.

   Each passenger supplies one unit; it either crosses one of its arcs to a driver (whose seats
   bound how many units reach the sink) or takes its own bypass to the sink at `unseated_cost`.
   With an unseated cost above any possible sum of arc costs, the optimum seats the most
   passengers first and only then minimises the arc costs. */

#ifdef __cplusplus
extern "C" {
#endif

enum ride_flow_status {
    RIDE_FLOW_OPTIMAL = 0,
    RIDE_FLOW_INFEASIBLE = 1,
    RIDE_FLOW_UNBOUNDED = 2,
    RIDE_FLOW_BAD_INPUT = 3,
    RIDE_FLOW_OUT_OF_MEMORY = 4
};

/* passenger_count passengers (0..P-1) and driver_count drivers (0..D-1) with `seats[d]` seats.
   arc i joins arc_passenger[i] to arc_driver[i] at arc_cost[i] (non-negative). On
   RIDE_FLOW_OPTIMAL, arc_flow[i] is 1 when passenger arc_passenger[i] rides with arc_driver[i]
   and 0 otherwise, and *total_cost (when not NULL) is the optimum's cost. */
int ride_flow_solve(int passenger_count, int driver_count, const int *seats,
                    int arc_count, const int *arc_passenger, const int *arc_driver,
                    const long long *arc_cost, long long unseated_cost,
                    unsigned char *arc_flow, long long *total_cost);

#ifdef __cplusplus
}
#endif

#endif
