#include "ride_flow.h"

#include <lemon/network_simplex.h>
#include <lemon/smart_graph.h>

#include <new>
#include <vector>

using Graph = lemon::SmartDigraph;
using Simplex = lemon::NetworkSimplex<Graph, int, long long>;

extern "C" int ride_flow_solve(int passenger_count, int driver_count, const int *seats,
                               int arc_count, const int *arc_passenger, const int *arc_driver,
                               const long long *arc_cost, long long unseated_cost,
                               unsigned char *arc_flow, long long *total_cost) {
    if (passenger_count < 0 || driver_count < 0 || arc_count < 0 || unseated_cost < 0)
        return RIDE_FLOW_BAD_INPUT;
    for (int d = 0; d < driver_count; ++d)
        if (seats[d] < 0) return RIDE_FLOW_BAD_INPUT;
    for (int i = 0; i < arc_count; ++i) {
        if (arc_passenger[i] < 0 || arc_passenger[i] >= passenger_count) return RIDE_FLOW_BAD_INPUT;
        if (arc_driver[i] < 0 || arc_driver[i] >= driver_count) return RIDE_FLOW_BAD_INPUT;
        if (arc_cost[i] < 0) return RIDE_FLOW_BAD_INPUT;
    }
    try {
        Graph graph;
        graph.reserveNode(passenger_count + driver_count + 1);
        graph.reserveArc(arc_count + passenger_count + driver_count);
        std::vector<Graph::Node> passengers, drivers;
        passengers.reserve(passenger_count);
        drivers.reserve(driver_count);
        for (int p = 0; p < passenger_count; ++p) passengers.push_back(graph.addNode());
        for (int d = 0; d < driver_count; ++d) drivers.push_back(graph.addNode());
        Graph::Node sink = graph.addNode();

        Graph::ArcMap<int> capacity(graph);
        Graph::ArcMap<long long> cost(graph);
        Graph::NodeMap<int> supply(graph, 0);

        std::vector<Graph::Arc> rides;
        rides.reserve(arc_count);
        for (int i = 0; i < arc_count; ++i) {
            Graph::Arc arc = graph.addArc(passengers[arc_passenger[i]], drivers[arc_driver[i]]);
            capacity[arc] = 1;
            cost[arc] = arc_cost[i];
            rides.push_back(arc);
        }
        for (int p = 0; p < passenger_count; ++p) {
            Graph::Arc bypass = graph.addArc(passengers[p], sink);
            capacity[bypass] = 1;
            cost[bypass] = unseated_cost;
            supply[passengers[p]] = 1;
        }
        for (int d = 0; d < driver_count; ++d) {
            Graph::Arc seat = graph.addArc(drivers[d], sink);
            capacity[seat] = seats[d];
            cost[seat] = 0;
        }
        supply[sink] = -passenger_count;

        Simplex simplex(graph);
        simplex.upperMap(capacity).costMap(cost).supplyMap(supply);
        Simplex::ProblemType result = simplex.run();
        if (result == Simplex::INFEASIBLE) return RIDE_FLOW_INFEASIBLE;
        if (result == Simplex::UNBOUNDED) return RIDE_FLOW_UNBOUNDED;
        for (int i = 0; i < arc_count; ++i) arc_flow[i] = simplex.flow(rides[i]) > 0 ? 1 : 0;
        if (total_cost) *total_cost = simplex.totalCost<long long>();
        return RIDE_FLOW_OPTIMAL;
    } catch (const std::bad_alloc &) {
        return RIDE_FLOW_OUT_OF_MEMORY;
    }
}
