--
-- PostgreSQL database dump
--

\restrict DWKC2big6oTpyfoS4oSAOS2QFHVmvc1e5OYW2n0K1VnlWCEAbkwoobT1VFZAr5J

-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: steward_member_shown(text, boolean); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.steward_member_shown(fields text, deleted boolean) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    AS $$
    SELECT NOT deleted AND CASE fields::jsonb->>'leaderboard' WHEN 'opt-in' THEN true WHEN 'opt-out' THEN false
        ELSE coalesce(fields::jsonb->>'minor', 'false') <> 'true' END
$$;


--
-- Name: steward_stamp_entry_from_record(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.steward_stamp_entry_from_record() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    IF NEW.entity = 'stamp' AND NOT NEW.deleted THEN
        INSERT INTO stamp_entries (org, id, member, event, kind, stamps, at, reverses)
        VALUES (NEW.org, NEW.id, NEW.fields::jsonb->>'member', NEW.fields::jsonb->>'event',
                NEW.fields::jsonb->>'kind', coalesce((NEW.fields::jsonb->>'stamps')::bigint, 0),
                NEW.fields::jsonb->>'at', NEW.fields::jsonb->>'reverses')
        ON CONFLICT DO NOTHING;
    END IF;
    RETURN NULL;
END $$;


--
-- Name: steward_stamp_total_from_entry(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.steward_stamp_total_from_entry() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
    member_fields TEXT;
BEGIN
    IF NEW.stamps <> 0 THEN
        SELECT fields INTO member_fields FROM records
        WHERE org = NEW.org AND entity = 'member' AND id = NEW.member AND NOT deleted;
        INSERT INTO stamp_totals (org, member, stamps, reached_at, shown, name)
        VALUES (NEW.org, NEW.member, NEW.stamps, NEW.at,
                member_fields IS NOT NULL AND steward_member_shown(member_fields, false),
                coalesce(member_fields::jsonb->>'displayName', ''))
        ON CONFLICT (org, member) DO UPDATE SET stamps = stamp_totals.stamps + EXCLUDED.stamps,
            reached_at = GREATEST(stamp_totals.reached_at, EXCLUDED.reached_at);
    END IF;
    RETURN NULL;
END $$;


--
-- Name: steward_stamp_totals_from_member(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.steward_stamp_totals_from_member() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    UPDATE stamp_totals SET shown = steward_member_shown(NEW.fields, NEW.deleted),
        name = coalesce(NEW.fields::jsonb->>'displayName', '')
    WHERE org = NEW.org AND member = NEW.id;
    RETURN NULL;
END $$;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: attempt_windows; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.attempt_windows (
    kind text NOT NULL,
    key text NOT NULL,
    started_at bigint NOT NULL,
    ends_at bigint NOT NULL,
    count bigint NOT NULL
);


--
-- Name: calendar_feeds; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.calendar_feeds (
    hash text NOT NULL,
    org text NOT NULL,
    audience text,
    created_at bigint NOT NULL,
    revoked_at bigint
);


--
-- Name: clients; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.clients (
    org text NOT NULL,
    client_id text NOT NULL,
    last_mutation_id bigint NOT NULL,
    owner text
);


--
-- Name: history; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.history (
    org text NOT NULL,
    entity text NOT NULL,
    record_id text NOT NULL,
    version bigint NOT NULL,
    author text NOT NULL,
    at bigint NOT NULL,
    operation text NOT NULL,
    changes text NOT NULL,
    CONSTRAINT history_operation_check CHECK ((operation = ANY (ARRAY['upsert'::text, 'delete'::text])))
);


--
-- Name: members; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.members (
    org text NOT NULL,
    id text NOT NULL,
    email text NOT NULL,
    password_hash text NOT NULL,
    created_at bigint NOT NULL
);


--
-- Name: mutation_results; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.mutation_results (
    org text NOT NULL,
    client_id text NOT NULL,
    mutation_id bigint NOT NULL,
    status text NOT NULL,
    version bigint,
    reason text
);


--
-- Name: orgs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.orgs (
    slug text NOT NULL,
    name text NOT NULL,
    time_zone text NOT NULL,
    last_seq bigint DEFAULT 0 NOT NULL,
    purged_through_seq bigint DEFAULT 0 NOT NULL,
    store_id text DEFAULT md5(((random())::text || (clock_timestamp())::text)) NOT NULL
);


--
-- Name: push_devices; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.push_devices (
    id text NOT NULL,
    org text NOT NULL,
    member_id text NOT NULL,
    platform text NOT NULL,
    address text NOT NULL,
    p256dh text,
    auth text,
    created_at bigint NOT NULL
);


--
-- Name: push_jobs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.push_jobs (
    org text NOT NULL,
    message_id text NOT NULL,
    device_id text NOT NULL,
    platform text NOT NULL,
    address text NOT NULL,
    p256dh text,
    auth text,
    state text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    next_at bigint NOT NULL,
    lease_until bigint DEFAULT 0 NOT NULL,
    last_error text,
    finished_at bigint,
    CONSTRAINT push_jobs_state_check CHECK ((state = ANY (ARRAY['pending'::text, 'delivered'::text, 'failed'::text, 'gone'::text])))
);


--
-- Name: push_messages; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.push_messages (
    org text NOT NULL,
    id text NOT NULL,
    title text NOT NULL,
    body text NOT NULL,
    url text,
    record text,
    audience text,
    member_id text,
    urgency text NOT NULL,
    send_at bigint NOT NULL,
    expires_at bigint NOT NULL,
    state text NOT NULL,
    devices integer DEFAULT 0 NOT NULL,
    sent_at bigint,
    reported_at bigint,
    created_at bigint NOT NULL,
    CONSTRAINT push_messages_state_check CHECK ((state = ANY (ARRAY['waiting'::text, 'sending'::text, 'done'::text])))
);


--
-- Name: push_rate_windows; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.push_rate_windows (
    org text NOT NULL,
    window_start bigint NOT NULL,
    claimed integer NOT NULL,
    granted integer DEFAULT 0 NOT NULL
);


--
-- Name: records; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.records (
    org text NOT NULL,
    entity text NOT NULL,
    id text NOT NULL,
    version bigint NOT NULL,
    deleted boolean NOT NULL,
    fields text NOT NULL,
    sort_start bigint,
    sort_end bigint,
    changed_at bigint NOT NULL,
    changed_by text
);


--
-- Name: schema_state; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.schema_state (
    id integer NOT NULL,
    digest text NOT NULL,
    CONSTRAINT schema_state_id_check CHECK ((id = 1))
);


--
-- Name: session_tokens; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.session_tokens (
    hash text NOT NULL,
    session_id text NOT NULL,
    kind text NOT NULL,
    expires_at bigint NOT NULL,
    used_at bigint,
    pair text,
    replaced_by text,
    CONSTRAINT session_tokens_kind_check CHECK ((kind = ANY (ARRAY['access'::text, 'refresh'::text])))
);


--
-- Name: sign_in_failures; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sign_in_failures (
    org text NOT NULL,
    email text NOT NULL,
    at bigint NOT NULL,
    source text DEFAULT ''::text NOT NULL
);


--
-- Name: staff; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.staff (
    org text NOT NULL,
    email text NOT NULL,
    role text NOT NULL,
    password_hash text NOT NULL,
    created_at bigint NOT NULL,
    CONSTRAINT staff_role_check CHECK ((role = ANY (ARRAY['admin'::text, 'editor'::text, 'approver'::text, 'viewer'::text])))
);


--
-- Name: staff_sessions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.staff_sessions (
    id text NOT NULL,
    org text NOT NULL,
    email text NOT NULL,
    created_at bigint NOT NULL,
    revoked_at bigint
);


--
-- Name: stamp_entries; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.stamp_entries (
    org text NOT NULL,
    id text NOT NULL,
    member text NOT NULL,
    event text NOT NULL,
    kind text NOT NULL,
    stamps bigint NOT NULL,
    at text NOT NULL,
    reverses text
);


--
-- Name: stamp_totals; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.stamp_totals (
    org text NOT NULL,
    member text NOT NULL,
    stamps bigint NOT NULL,
    reached_at text,
    shown boolean DEFAULT false NOT NULL,
    name text DEFAULT ''::text NOT NULL
);


--
-- Name: tokens; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.tokens (
    hash text NOT NULL,
    org text NOT NULL,
    role text NOT NULL,
    created_at bigint NOT NULL,
    expires_at bigint,
    revoked_at bigint,
    CONSTRAINT tokens_role_check CHECK ((role = ANY (ARRAY['admin'::text, 'staff'::text, 'reader'::text])))
);


--
-- Data for Name: attempt_windows; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.attempt_windows (kind, key, started_at, ends_at, count) FROM stdin;
\.


--
-- Data for Name: calendar_feeds; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.calendar_feeds (hash, org, audience, created_at, revoked_at) FROM stdin;
\.


--
-- Data for Name: clients; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.clients (org, client_id, last_mutation_id, owner) FROM stdin;
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	40	token:b5225e37653c2c7d
\.


--
-- Data for Name: history; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.history (org, entity, record_id, version, author, at, operation, changes) FROM stdin;
crossroads-campus	event	4168746d-5007-4f7f-b0bf-e9472a0f9e75	1	token:admin	1795965683735	upsert	{"address":"2495 Bancroft Way, Berkeley, CA 94720","audience":["students"],"cancelledOccurrences":["2026-12-24T19:30"],"contactEmail":"hello@crossroadscampus.example.org","contactName":"Crossroads Staff","contactPhone":"+1 510 555 0133","description":"Worship, a talk and late-night tacos. Rides leave the dorms at 7:00.","endDate":null,"endsAt":"2026-09-04T04:30:00.000Z","host":"Crossroads Staff","imageURL":null,"latitude":37.8691,"links":[],"locationName":"Student Union, Room 240","longitude":-122.2597,"repeat":"FREQ=WEEKLY;BYDAY=TH","rideSharing":true,"stampValue":0,"startDate":null,"startsAt":"2026-09-04T02:30:00.000Z","timeZone":"America/Los_Angeles","timing":"timed","title":"Thursday Large Group"}
crossroads-campus	event	16963e32-4ea6-4884-9b3a-45784171afb2	2	token:admin	1795965683735	upsert	{"address":"2400 Durant Ave, Berkeley, CA 94704","audience":["students"],"contactEmail":"hello@crossroadscampus.example.org","contactName":"Crossroads Staff","contactPhone":"+1 510 555 0133","description":"Drivers take students to partner churches; sign up for a seat by Saturday night.","endDate":null,"endsAt":"2026-08-30T19:15:00.000Z","host":"Crossroads Drivers","imageURL":null,"latitude":null,"links":[],"locationName":"Unit 3 Dorms, front steps","longitude":null,"repeat":"FREQ=WEEKLY;BYDAY=SU","rideSharing":true,"stampValue":0,"startDate":null,"startsAt":"2026-08-30T16:15:00.000Z","timeZone":"America/Los_Angeles","timing":"timed","title":"Sunday Church Rides"}
crossroads-campus	event	778acbde-e6da-4157-9dca-abed9c3163c1	3	token:admin	1795965683735	upsert	{"address":"37 Conference Dr, Mount Hermon, CA 95041","audience":["students"],"contactEmail":"hello@crossroadscampus.example.org","contactName":"Crossroads Staff","contactPhone":"+1 510 555 0133","description":"Three days at Mount Hermon: speakers, hiking, and a lot of board games.","endDate":"2026-11-01","endsAt":null,"host":"Crossroads Staff","imageURL":null,"latitude":37.051,"links":[{"label":"Packing list","url":"https://crossroadscampus.example.org/retreat"}],"locationName":"Mount Hermon Conference Center","longitude":-122.0581,"rideSharing":true,"stampValue":0,"startDate":"2026-10-30","startsAt":null,"timeZone":null,"timing":"all-day","title":"Fall Retreat"}
crossroads-campus	event	bf532826-8fb5-4309-89c3-6156e4fa0d9f	4	token:admin	1795965683735	upsert	{"address":"15620 Orchard Rd, Cazadero, CA 95421","audience":["students"],"contactEmail":"hello@crossroadscampus.example.org","contactName":"Crossroads Staff","contactPhone":"+1 510 555 0133","description":"Two nights at Camp Caz by the Russian River: worship, a speaker and the polar plunge.","endDate":null,"endsAt":"2027-01-24T22:00:00.000Z","host":"Crossroads Staff","imageURL":null,"latitude":38.5327,"links":[{"label":"Packing list","url":"https://crossroadscampus.example.org/retreat"}],"locationName":"Camp Caz","longitude":-123.0851,"rideSharing":true,"stampValue":0,"startDate":null,"startsAt":"2027-01-23T01:00:00.000Z","timeZone":"America/Los_Angeles","timing":"timed","title":"Winter Retreat"}
crossroads-campus	event	d393dfda-adc8-449f-9ddd-4ca882eee22c	5	token:admin	1795965683735	upsert	{"address":"2495 Bancroft Way, Berkeley, CA 94720","audience":["students"],"contactEmail":"hello@crossroadscampus.example.org","contactName":"Crossroads Staff","contactPhone":"+1 510 555 0133","description":"Hear from last summer's teams in Mexico City, Nairobi and Detroit.","endDate":null,"endsAt":"2027-01-06T04:30:00.000Z","host":"Missions Team","imageURL":null,"latitude":null,"links":[{"label":"Apply","url":"https://crossroadscampus.example.org/missions"}],"locationName":"Student Union, Room 240","longitude":null,"rideSharing":false,"stampValue":0,"startDate":null,"startsAt":"2027-01-06T03:00:00.000Z","timeZone":"America/Los_Angeles","timing":"timed","title":"Summer Missions Info Night"}
crossroads-campus	event	ce9860ef-9897-4f92-adc8-3f0d0e6dbd1e	6	token:admin	1795965683735	upsert	{"address":"7900 Edgewater Dr, Oakland, CA 94621","audience":["students"],"contactEmail":"hello@crossroadscampus.example.org","contactName":"Crossroads Staff","contactPhone":"+1 510 555 0133","description":"Sorting and packing for the Alameda County Community Food Bank.","endDate":null,"endsAt":"2026-12-19T21:00:00.000Z","host":"Crossroads Staff","imageURL":null,"latitude":null,"links":[],"locationName":"ACCFB Warehouse","longitude":null,"rideSharing":true,"stampValue":0,"startDate":null,"startsAt":"2026-12-19T17:00:00.000Z","timeZone":"America/Los_Angeles","timing":"timed","title":"Service Day at the Food Bank"}
crossroads-campus	event	bab9747e-b999-4341-8179-8d3b2d93ebce	7	token:admin	1795965683735	upsert	{"address":"2601 Channing Way, Berkeley, CA 94704","audience":["students"],"contactEmail":"hello@crossroadscampus.example.org","contactName":"Crossroads Staff","contactPhone":"+1 510 555 0133","description":"Quiet study, free coffee and snacks, open late.","endDate":"2026-12-25","endsAt":null,"host":"Crossroads Staff","imageURL":null,"latitude":null,"links":[],"locationName":"Crossroads House","longitude":null,"rideSharing":false,"stampValue":0,"startDate":"2026-12-21","startsAt":null,"timeZone":null,"timing":"all-day","title":"Finals Week Study Hall"}
crossroads-campus	ministryTeam	5f67c907-9caa-49c7-bed8-1fdcb49b3e09	8	token:admin	1795965683735	upsert	{"contact":"daniel.okafor@crossroads.example","leader":"Daniel Okafor","meets":"Thursdays 17:30, Chapel","name":"Worship Team","openToNew":true,"purpose":"Musicians and singers who lead the Thursday gathering.","topics":["worship","music","singing"]}
crossroads-campus	ministryTeam	7f5f8763-3cd9-4938-8ff9-b48de07664fc	9	token:admin	1795965683735	upsert	{"contact":"+1 805 555 0113","leader":"Mei Lin","meets":"Thursdays 18:15, Student Union lobby","name":"Hospitality","openToNew":true,"purpose":"Greeters, coffee and the welcome table for newcomers.","topics":["hospitality","welcome"]}
crossroads-campus	ministryTeam	ba2e211e-a09c-4571-aec7-a94c387c3368	10	token:admin	1795965683735	upsert	{"contact":"jordan.reyes@crossroads.example","leader":"Jordan Reyes","meets":"Saturdays 9:00, Food Bank","name":"Outreach","openToNew":true,"purpose":"Serving meals downtown and running the campus food drive.","topics":["outreach","food drive"]}
crossroads-campus	ministryTeam	1e72007b-ce41-47de-b650-7ab85dfc7281	11	token:admin	1795965683735	upsert	{"contact":"priya.shah@crossroads.example","leader":"Priya Shah","meets":"Tuesdays 19:00, Room 204","name":"Media","openToNew":false,"purpose":"Photos, slides and the livestream of the weekly meeting.","topics":["media","photography"]}
crossroads-campus	ministryTeam	43f1bbe2-9e77-4fed-83bb-444bf3c51e0e	12	token:admin	1795965683735	upsert	{"contact":"+1 805 555 0178","leader":"Grace Kim","meets":"Mondays 7:30, Chapel","name":"Prayer Team","openToNew":true,"purpose":"Praying for the campus and for requests sent through the app.","topics":["prayer"]}
crossroads-campus	communityGroup	4a3d4522-4023-4bd3-8892-56fc9e33f556	13	token:admin	1795965683735	upsert	{"area":"North Campus","audience":"Women, all years","capacity":12,"gender":"women","leader":"Hannah Wells","leaderContact":"hannah.wells@crossroads.example","leaderMember":null,"meetingDay":"tuesday","meetingTime":"19:30","members":7,"name":"North Campus Women","place":"Sierra Madre Hall lounge","topics":["bible study","prayer"]}
crossroads-campus	communityGroup	9027a65d-f72c-4337-8496-a2ef3e24bc46	14	token:admin	1795965683735	upsert	{"area":"South Campus","audience":"Men in engineering","capacity":10,"gender":"men","leader":"Marcus Bell","leaderContact":"+1 805 555 0190","leaderMember":null,"meetingDay":"wednesday","meetingTime":"20:00","members":7,"name":"Engineering Guys","place":"Engineering West 112","topics":["engineers","bible study"]}
crossroads-campus	communityGroup	8c63bb4c-265e-4ce2-b2b2-d839926711d6	15	token:admin	1795965683735	upsert	{"area":"North Campus","audience":"First-year students","capacity":15,"leader":"Sofia Alvarez","leaderContact":"sofia.alvarez@crossroads.example","leaderMember":null,"meetingDay":"monday","meetingTime":"19:00","members":9,"name":"Freshmen Mixed","place":"Yosemite Hall 3rd floor","topics":["bible study","friendship"],"years":["freshman"]}
crossroads-campus	communityGroup	a73c9862-cfee-4fa3-83e3-c7d27ff3ef1a	16	token:admin	1795965683735	upsert	{"audience":"Graduate students","capacity":8,"leader":"Samuel Adeyemi","leaderContact":"samuel.adeyemi@crossroads.example","leaderMember":null,"meetingDay":"thursday","meetingTime":"12:00","members":6,"name":"Grad Students","place":"Library room 3","topics":["faith and work"],"years":["grad"]}
crossroads-campus	communityGroup	27aa5c86-5596-43e7-9b68-a2bc2c111c1b	17	token:admin	1795965683735	upsert	{"area":"Off Campus","audience":"Married students and families","capacity":20,"leader":"Ruth and Ben Carter","leaderContact":"+1 805 555 0124","leaderMember":null,"meetingDay":"sunday","meetingTime":"17:00","members":12,"name":"Off-Campus Families","place":"The Carters' home, 14 Foothill Blvd","topics":["family","parenting"]}
crossroads-campus	mission	7b8bcd81-3c4e-4796-b275-51323972c5ae	18	token:admin	1795965683735	upsert	{"applyBy":"2027-04-01","description":"Building classrooms with a local church and running a kids' camp in the afternoons.","endDate":"2027-07-02","howToApply":"Fill in the application in the app, then meet one of the leaders. A $200 deposit holds your place.","imageURL":"https://crossroads.example/missions/summer-in-guatemala.jpg","leaders":"Daniel Okafor, Mei Lin","location":"Antigua, Guatemala","name":"Summer in Guatemala","startDate":"2027-06-15"}
crossroads-campus	mission	ed62f4eb-55a7-43ce-a881-fcd16f14d820	19	token:admin	1795965683735	upsert	{"applyBy":"2027-04-15","description":"Serving with shelters and after-school programmes in South LA.","endDate":"2027-07-08","howToApply":"Fill in the application in the app, then meet one of the leaders. A $200 deposit holds your place.","imageURL":"https://crossroads.example/missions/inner-city-los-angeles.jpg","leaders":"Jordan Reyes","location":"Los Angeles, California","name":"Inner City Los Angeles","startDate":"2027-06-29"}
crossroads-campus	mission	928c362b-39d2-4420-886f-775ac3d80517	20	token:admin	1795965683735	upsert	{"applyBy":"2027-04-29","description":"Teaching English conversation and meeting university students.","endDate":"2027-08-09","howToApply":"Fill in the application in the app, then meet one of the leaders. A $200 deposit holds your place.","imageURL":"https://crossroads.example/missions/students-in-thailand.jpg","leaders":"Grace Kim, Samuel Adeyemi","location":"Chiang Mai, Thailand","name":"Students in Thailand","startDate":"2027-07-13"}
crossroads-campus	ministryResource	4992ca11-c1ab-4053-a822-90a66a1a4838	21	token:admin	1795965683735	upsert	{"kind":"article","leadersOnly":false,"summary":"A short read on why we meet in small groups, and how to find one.","title":"Why Community Matters","url":"https://crossroads.example/read/why-community"}
crossroads-campus	ministryResource	1ca7cd2f-8b60-42fe-8641-029f49489393	22	token:admin	1795965683735	upsert	{"kind":"video","leadersOnly":false,"summary":"The welcome night's talk, 24 minutes.","title":"Welcome Night 2026","url":"https://videos.crossroads.example/welcome-night"}
crossroads-campus	ministryResource	df8cfc57-e0e9-4f28-b7f2-35936a467ac0	23	token:admin	1795965683735	upsert	{"kind":"article","leadersOnly":false,"summary":"Three simple ways to read a passage as a group.","title":"Reading the Bible Together","url":"https://crossroads.example/read/reading-together"}
crossroads-campus	ministryResource	b0dfe581-63a7-4399-a29e-1e63f944bd81	24	token:admin	1795965683735	upsert	{"kind":"leaders-guide","leadersOnly":true,"summary":"Opening questions, keeping everyone talking, and ending on time.","title":"Leading Your First Discussion","url":"https://crossroads.example/leaders/first-discussion"}
crossroads-campus	ministryResource	cdf74b38-99b4-494e-a8fb-a086e34c667b	25	token:admin	1795965683735	upsert	{"kind":"leaders-guide","leadersOnly":true,"summary":"When to listen, when to refer, and the campus numbers to call.","title":"Caring for Someone in Crisis","url":"https://crossroads.example/leaders/crisis"}
crossroads-campus	ministryResource	c97b1cd4-0d13-4a12-9972-2a31bbc5d1ff	26	token:admin	1795965683735	upsert	{"kind":"video","leadersOnly":true,"summary":"The fall training session for group leaders.","title":"Group Leader Training, Fall","url":"https://videos.crossroads.example/leader-training-fall"}
crossroads-campus	lead	0854e756-6efb-45c1-8945-516b1491acaa	27	token:admin	1795965683735	upsert	{"area":"North Campus","availability":"weekday evenings","contact":"ava.thompson@calpoly.example","freeDays":["tuesday","thursday"],"freeTimes":["evening"],"gender":"woman","group":null,"interests":"small group, bible study, worship team","member":null,"name":"Ava Thompson","notes":"","receivedAt":"2026-11-29T12:21:19.533Z","state":"new","year":"sophomore"}
crossroads-campus	lead	97f7c3da-0267-40eb-a312-368e5796ebdb	28	token:admin	1795965683735	upsert	{"area":"North Campus","availability":"Tuesdays and Thursdays","contact":"+1 805 555 0201","freeDays":["tuesday","thursday"],"freeTimes":["evening"],"gender":"man","group":null,"interests":"small group","member":null,"name":"Liam Nguyen","notes":"","receivedAt":"2026-11-28T10:21:19.533Z","state":"new","year":"freshman"}
crossroads-campus	lead	17179bb2-5e99-4ae7-b90b-25843d687ec8	29	token:admin	1795965683735	upsert	{"area":"South Campus","availability":"Saturday mornings","contact":"chloe.martin@calpoly.example","freeDays":["saturday"],"freeTimes":["morning"],"gender":"woman","group":null,"interests":"outreach","member":null,"name":"Chloe Martin","notes":"","receivedAt":"2026-11-27T08:21:19.533Z","state":"new","year":"junior"}
crossroads-campus	lead	65bd080d-bdef-46b2-bcf0-8114ec54dec6	30	token:admin	1795965683735	upsert	{"area":"South Campus","availability":"Wednesday nights","contact":"noah.patel@calpoly.example","freeDays":["wednesday"],"freeTimes":["evening"],"gender":"man","group":null,"interests":"small group for engineers","member":null,"name":"Noah Patel","notes":"","receivedAt":"2026-11-26T06:21:19.533Z","state":"new","year":"sophomore"}
crossroads-campus	lead	e6cb6b36-5822-416b-bd63-8cd35b269592	31	token:admin	1795965683735	upsert	{"area":"Off Campus","availability":"after 6 pm","contact":"+1 805 555 0244","freeDays":["monday","tuesday","wednesday","thursday","friday"],"freeTimes":["evening"],"gender":"woman","group":null,"interests":"summer missions","member":null,"name":"Emma Rossi","notes":"","receivedAt":"2026-11-25T04:21:19.533Z","state":"new","year":"senior"}
crossroads-campus	lead	ce45e899-4c7c-457c-9447-3a27e6220fe3	32	token:admin	1795965683735	upsert	{"area":"North Campus","availability":"Monday evenings","contact":"ethan.brooks@calpoly.example","freeDays":["monday"],"freeTimes":["evening"],"gender":"man","group":"8c63bb4c-265e-4ce2-b2b2-d839926711d6","interests":"small group","member":null,"name":"Ethan Brooks","notes":"","receivedAt":"2026-11-24T02:21:19.533Z","state":"contacted","year":"freshman"}
crossroads-campus	lead	358471c3-fb21-4a07-ad88-f4d64db76fff	33	token:admin	1795965683735	upsert	{"area":"North Campus","availability":"Tuesday evenings","contact":"isabella.cruz@calpoly.example","freeDays":["tuesday"],"freeTimes":["evening"],"gender":"woman","group":"4a3d4522-4023-4bd3-8892-56fc9e33f556","interests":"women's group, prayer","member":null,"name":"Isabella Cruz","notes":"","receivedAt":"2026-11-23T00:21:19.533Z","state":"contacted","year":"junior"}
crossroads-campus	lead	51802ae1-8a2b-4589-969a-f1855a01e649	34	token:admin	1795965683735	upsert	{"availability":"lunchtimes","contact":"+1 805 555 0263","freeDays":["monday","tuesday","wednesday","thursday","friday"],"freeTimes":["afternoon"],"gender":"man","group":"a73c9862-cfee-4fa3-83e3-c7d27ff3ef1a","interests":"grad student group","member":null,"name":"Lucas Meyer","notes":"","receivedAt":"2026-11-21T22:21:19.533Z","state":"contacted","year":"grad"}
crossroads-campus	lead	7d02b0d6-b415-4731-a1ab-e373d76afcf4	35	token:admin	1795965683735	upsert	{"area":"North Campus","availability":"Tuesday nights","contact":"mia.johnson@calpoly.example","freeDays":["tuesday"],"freeTimes":["evening"],"gender":"woman","group":"4a3d4522-4023-4bd3-8892-56fc9e33f556","interests":"small group, hospitality","member":null,"name":"Mia Johnson","notes":"","receivedAt":"2026-11-20T20:21:19.533Z","state":"joined","year":"sophomore"}
crossroads-campus	lead	ffefc613-c6c1-4ce3-b2e4-d18185cbfd95	36	token:admin	1795965683735	upsert	{"area":"South Campus","availability":"Wednesdays","contact":"oliver.wright@calpoly.example","freeDays":["wednesday"],"freeTimes":["evening"],"gender":"man","group":"9027a65d-f72c-4337-8496-a2ef3e24bc46","interests":"engineering group","member":null,"name":"Oliver Wright","notes":"","receivedAt":"2026-11-19T18:21:19.533Z","state":"joined","year":"junior"}
crossroads-campus	lead	9552ed93-ebd1-41f3-b8cf-7608e66cd660	37	token:admin	1795965683735	upsert	{"area":"Off Campus","availability":"Sunday afternoons","contact":"+1 805 555 0288","freeDays":["sunday"],"freeTimes":["afternoon"],"gender":"woman","group":"27aa5c86-5596-43e7-9b68-a2bc2c111c1b","interests":"family group","member":null,"name":"Amelia Scott","notes":"","receivedAt":"2026-11-18T16:21:19.533Z","state":"joined","year":"grad"}
crossroads-campus	lead	6f9a3174-7b7a-4df4-8962-230d00c89f13	38	token:admin	1795965683735	upsert	{"availability":"weekends","contact":"james.lee@calpoly.example","group":null,"interests":"just exploring","member":null,"name":"James Lee","notes":"","receivedAt":"2026-11-17T14:21:19.533Z","state":"not-interested"}
crossroads-campus	lead	a14c7474-02fc-4934-944f-298042a063b2	39	token:admin	1795965683735	upsert	{"area":"North Campus","availability":"Thursdays","contact":"harper.davis@calpoly.example","freeDays":["thursday"],"freeTimes":["evening"],"gender":"woman","group":"8c63bb4c-265e-4ce2-b2b2-d839926711d6","interests":"worship team","member":null,"name":"Harper Davis","notes":"","receivedAt":"2026-11-16T12:21:19.533Z","state":"not-interested","year":"freshman"}
crossroads-campus	rideSettings	8a8830ff-2970-48d7-8d0a-52a4a34d386e	40	token:admin	1795965683735	upsert	{"gapMinutes":15,"pickupLatitude":37.869,"pickupLongitude":-122.261,"pickupPlace":"PAC"}
\.


--
-- Data for Name: members; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.members (org, id, email, password_hash, created_at) FROM stdin;
\.


--
-- Data for Name: mutation_results; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.mutation_results (org, client_id, mutation_id, status, version, reason) FROM stdin;
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	1	applied	1	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	2	applied	2	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	3	applied	3	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	4	applied	4	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	5	applied	5	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	6	applied	6	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	7	applied	7	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	8	applied	8	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	9	applied	9	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	10	applied	10	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	11	applied	11	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	12	applied	12	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	13	applied	13	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	14	applied	14	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	15	applied	15	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	16	applied	16	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	17	applied	17	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	18	applied	18	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	19	applied	19	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	20	applied	20	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	21	applied	21	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	22	applied	22	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	23	applied	23	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	24	applied	24	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	25	applied	25	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	26	applied	26	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	27	applied	27	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	28	applied	28	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	29	applied	29	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	30	applied	30	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	31	applied	31	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	32	applied	32	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	33	applied	33	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	34	applied	34	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	35	applied	35	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	36	applied	36	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	37	applied	37	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	38	applied	38	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	39	applied	39	\N
crossroads-campus	889a5e43-8b45-4e9e-b709-ee1e056017e6/crossroads-campus	40	applied	40	\N
\.


--
-- Data for Name: orgs; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.orgs (slug, name, time_zone, last_seq, purged_through_seq, store_id) FROM stdin;
crossroads-campus	Fixture	America/Chicago	40	0	35db5eae1fbd4f9ba08cdbf408d1aed6
\.


--
-- Data for Name: push_devices; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.push_devices (id, org, member_id, platform, address, p256dh, auth, created_at) FROM stdin;
\.


--
-- Data for Name: push_jobs; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.push_jobs (org, message_id, device_id, platform, address, p256dh, auth, state, attempts, next_at, lease_until, last_error, finished_at) FROM stdin;
\.


--
-- Data for Name: push_messages; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.push_messages (org, id, title, body, url, record, audience, member_id, urgency, send_at, expires_at, state, devices, sent_at, reported_at, created_at) FROM stdin;
\.


--
-- Data for Name: push_rate_windows; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.push_rate_windows (org, window_start, claimed, granted) FROM stdin;
\.


--
-- Data for Name: records; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.records (org, entity, id, version, deleted, fields, sort_start, sort_end, changed_at, changed_by) FROM stdin;
crossroads-campus	communityGroup	9027a65d-f72c-4337-8496-a2ef3e24bc46	14	f	{"area":"South Campus","audience":"Men in engineering","capacity":10,"gender":"men","leader":"Marcus Bell","leaderContact":"+1 805 555 0190","leaderMember":null,"meetingDay":"wednesday","meetingTime":"20:00","members":7,"name":"Engineering Guys","place":"Engineering West 112","topics":["engineers","bible study"]}	\N	\N	1795965683735	token:admin
crossroads-campus	lead	65bd080d-bdef-46b2-bcf0-8114ec54dec6	30	f	{"area":"South Campus","availability":"Wednesday nights","contact":"noah.patel@calpoly.example","freeDays":["wednesday"],"freeTimes":["evening"],"gender":"man","group":null,"interests":"small group for engineers","member":null,"name":"Noah Patel","notes":"","receivedAt":"2026-11-26T06:21:19.533Z","state":"new","year":"sophomore"}	\N	\N	1795965683735	token:admin
crossroads-campus	lead	ce45e899-4c7c-457c-9447-3a27e6220fe3	32	f	{"area":"North Campus","availability":"Monday evenings","contact":"ethan.brooks@calpoly.example","freeDays":["monday"],"freeTimes":["evening"],"gender":"man","group":"8c63bb4c-265e-4ce2-b2b2-d839926711d6","interests":"small group","member":null,"name":"Ethan Brooks","notes":"","receivedAt":"2026-11-24T02:21:19.533Z","state":"contacted","year":"freshman"}	\N	\N	1795965683735	token:admin
crossroads-campus	event	d393dfda-adc8-449f-9ddd-4ca882eee22c	5	f	{"address":"2495 Bancroft Way, Berkeley, CA 94720","audience":["students"],"contactEmail":"hello@crossroadscampus.example.org","contactName":"Crossroads Staff","contactPhone":"+1 510 555 0133","description":"Hear from last summer's teams in Mexico City, Nairobi and Detroit.","endDate":null,"endsAt":"2027-01-06T04:30:00.000Z","host":"Missions Team","imageURL":null,"latitude":null,"links":[{"label":"Apply","url":"https://crossroadscampus.example.org/missions"}],"locationName":"Student Union, Room 240","longitude":null,"rideSharing":false,"stampValue":0,"startDate":null,"startsAt":"2027-01-06T03:00:00.000Z","timeZone":"America/Los_Angeles","timing":"timed","title":"Summer Missions Info Night"}	1799204400000	1799209800000	1795965683735	token:admin
crossroads-campus	ministryResource	1ca7cd2f-8b60-42fe-8641-029f49489393	22	f	{"kind":"video","leadersOnly":false,"summary":"The welcome night's talk, 24 minutes.","title":"Welcome Night 2026","url":"https://videos.crossroads.example/welcome-night"}	\N	\N	1795965683735	token:admin
crossroads-campus	mission	928c362b-39d2-4420-886f-775ac3d80517	20	f	{"applyBy":"2027-04-29","description":"Teaching English conversation and meeting university students.","endDate":"2027-08-09","howToApply":"Fill in the application in the app, then meet one of the leaders. A $200 deposit holds your place.","imageURL":"https://crossroads.example/missions/students-in-thailand.jpg","leaders":"Grace Kim, Samuel Adeyemi","location":"Chiang Mai, Thailand","name":"Students in Thailand","startDate":"2027-07-13"}	1815454800000	1817874000000	1795965683735	token:admin
crossroads-campus	lead	97f7c3da-0267-40eb-a312-368e5796ebdb	28	f	{"area":"North Campus","availability":"Tuesdays and Thursdays","contact":"+1 805 555 0201","freeDays":["tuesday","thursday"],"freeTimes":["evening"],"gender":"man","group":null,"interests":"small group","member":null,"name":"Liam Nguyen","notes":"","receivedAt":"2026-11-28T10:21:19.533Z","state":"new","year":"freshman"}	\N	\N	1795965683735	token:admin
crossroads-campus	lead	e6cb6b36-5822-416b-bd63-8cd35b269592	31	f	{"area":"Off Campus","availability":"after 6 pm","contact":"+1 805 555 0244","freeDays":["monday","tuesday","wednesday","thursday","friday"],"freeTimes":["evening"],"gender":"woman","group":null,"interests":"summer missions","member":null,"name":"Emma Rossi","notes":"","receivedAt":"2026-11-25T04:21:19.533Z","state":"new","year":"senior"}	\N	\N	1795965683735	token:admin
crossroads-campus	lead	358471c3-fb21-4a07-ad88-f4d64db76fff	33	f	{"area":"North Campus","availability":"Tuesday evenings","contact":"isabella.cruz@calpoly.example","freeDays":["tuesday"],"freeTimes":["evening"],"gender":"woman","group":"4a3d4522-4023-4bd3-8892-56fc9e33f556","interests":"women's group, prayer","member":null,"name":"Isabella Cruz","notes":"","receivedAt":"2026-11-23T00:21:19.533Z","state":"contacted","year":"junior"}	\N	\N	1795965683735	token:admin
crossroads-campus	lead	9552ed93-ebd1-41f3-b8cf-7608e66cd660	37	f	{"area":"Off Campus","availability":"Sunday afternoons","contact":"+1 805 555 0288","freeDays":["sunday"],"freeTimes":["afternoon"],"gender":"woman","group":"27aa5c86-5596-43e7-9b68-a2bc2c111c1b","interests":"family group","member":null,"name":"Amelia Scott","notes":"","receivedAt":"2026-11-18T16:21:19.533Z","state":"joined","year":"grad"}	\N	\N	1795965683735	token:admin
crossroads-campus	rideSettings	8a8830ff-2970-48d7-8d0a-52a4a34d386e	40	f	{"gapMinutes":15,"pickupLatitude":37.869,"pickupLongitude":-122.261,"pickupPlace":"PAC"}	\N	\N	1795965683735	token:admin
crossroads-campus	lead	6f9a3174-7b7a-4df4-8962-230d00c89f13	38	f	{"availability":"weekends","contact":"james.lee@calpoly.example","group":null,"interests":"just exploring","member":null,"name":"James Lee","notes":"","receivedAt":"2026-11-17T14:21:19.533Z","state":"not-interested"}	\N	\N	1795965683735	token:admin
crossroads-campus	ministryResource	c97b1cd4-0d13-4a12-9972-2a31bbc5d1ff	26	f	{"kind":"video","leadersOnly":true,"summary":"The fall training session for group leaders.","title":"Group Leader Training, Fall","url":"https://videos.crossroads.example/leader-training-fall"}	\N	\N	1795965683735	token:admin
crossroads-campus	event	bab9747e-b999-4341-8179-8d3b2d93ebce	7	f	{"address":"2601 Channing Way, Berkeley, CA 94704","audience":["students"],"contactEmail":"hello@crossroadscampus.example.org","contactName":"Crossroads Staff","contactPhone":"+1 510 555 0133","description":"Quiet study, free coffee and snacks, open late.","endDate":"2026-12-25","endsAt":null,"host":"Crossroads Staff","imageURL":null,"latitude":null,"links":[],"locationName":"Crossroads House","longitude":null,"rideSharing":false,"stampValue":0,"startDate":"2026-12-21","startsAt":null,"timeZone":null,"timing":"all-day","title":"Finals Week Study Hall"}	1797832800000	1798264800000	1795965683735	token:admin
crossroads-campus	ministryResource	4992ca11-c1ab-4053-a822-90a66a1a4838	21	f	{"kind":"article","leadersOnly":false,"summary":"A short read on why we meet in small groups, and how to find one.","title":"Why Community Matters","url":"https://crossroads.example/read/why-community"}	\N	\N	1795965683735	token:admin
crossroads-campus	communityGroup	8c63bb4c-265e-4ce2-b2b2-d839926711d6	15	f	{"area":"North Campus","audience":"First-year students","capacity":15,"leader":"Sofia Alvarez","leaderContact":"sofia.alvarez@crossroads.example","leaderMember":null,"meetingDay":"monday","meetingTime":"19:00","members":9,"name":"Freshmen Mixed","place":"Yosemite Hall 3rd floor","topics":["bible study","friendship"],"years":["freshman"]}	\N	\N	1795965683735	token:admin
crossroads-campus	ministryResource	df8cfc57-e0e9-4f28-b7f2-35936a467ac0	23	f	{"kind":"article","leadersOnly":false,"summary":"Three simple ways to read a passage as a group.","title":"Reading the Bible Together","url":"https://crossroads.example/read/reading-together"}	\N	\N	1795965683735	token:admin
crossroads-campus	event	4168746d-5007-4f7f-b0bf-e9472a0f9e75	1	f	{"address":"2495 Bancroft Way, Berkeley, CA 94720","audience":["students"],"cancelledOccurrences":["2026-12-24T19:30"],"contactEmail":"hello@crossroadscampus.example.org","contactName":"Crossroads Staff","contactPhone":"+1 510 555 0133","description":"Worship, a talk and late-night tacos. Rides leave the dorms at 7:00.","endDate":null,"endsAt":"2026-09-04T04:30:00.000Z","host":"Crossroads Staff","imageURL":null,"latitude":37.8691,"links":[],"locationName":"Student Union, Room 240","longitude":-122.2597,"repeat":"FREQ=WEEKLY;BYDAY=TH","rideSharing":true,"stampValue":0,"startDate":null,"startsAt":"2026-09-04T02:30:00.000Z","timeZone":"America/Los_Angeles","timing":"timed","title":"Thursday Large Group"}	1788489000000	\N	1795965683735	token:admin
crossroads-campus	ministryTeam	43f1bbe2-9e77-4fed-83bb-444bf3c51e0e	12	f	{"contact":"+1 805 555 0178","leader":"Grace Kim","meets":"Mondays 7:30, Chapel","name":"Prayer Team","openToNew":true,"purpose":"Praying for the campus and for requests sent through the app.","topics":["prayer"]}	\N	\N	1795965683735	token:admin
crossroads-campus	event	778acbde-e6da-4157-9dca-abed9c3163c1	3	f	{"address":"37 Conference Dr, Mount Hermon, CA 95041","audience":["students"],"contactEmail":"hello@crossroadscampus.example.org","contactName":"Crossroads Staff","contactPhone":"+1 510 555 0133","description":"Three days at Mount Hermon: speakers, hiking, and a lot of board games.","endDate":"2026-11-01","endsAt":null,"host":"Crossroads Staff","imageURL":null,"latitude":37.051,"links":[{"label":"Packing list","url":"https://crossroadscampus.example.org/retreat"}],"locationName":"Mount Hermon Conference Center","longitude":-122.0581,"rideSharing":true,"stampValue":0,"startDate":"2026-10-30","startsAt":null,"timeZone":null,"timing":"all-day","title":"Fall Retreat"}	1793336400000	1793599200000	1795965683735	token:admin
crossroads-campus	lead	51802ae1-8a2b-4589-969a-f1855a01e649	34	f	{"availability":"lunchtimes","contact":"+1 805 555 0263","freeDays":["monday","tuesday","wednesday","thursday","friday"],"freeTimes":["afternoon"],"gender":"man","group":"a73c9862-cfee-4fa3-83e3-c7d27ff3ef1a","interests":"grad student group","member":null,"name":"Lucas Meyer","notes":"","receivedAt":"2026-11-21T22:21:19.533Z","state":"contacted","year":"grad"}	\N	\N	1795965683735	token:admin
crossroads-campus	mission	7b8bcd81-3c4e-4796-b275-51323972c5ae	18	f	{"applyBy":"2027-04-01","description":"Building classrooms with a local church and running a kids' camp in the afternoons.","endDate":"2027-07-02","howToApply":"Fill in the application in the app, then meet one of the leaders. A $200 deposit holds your place.","imageURL":"https://crossroads.example/missions/summer-in-guatemala.jpg","leaders":"Daniel Okafor, Mei Lin","location":"Antigua, Guatemala","name":"Summer in Guatemala","startDate":"2027-06-15"}	1813035600000	1814590800000	1795965683735	token:admin
crossroads-campus	communityGroup	4a3d4522-4023-4bd3-8892-56fc9e33f556	13	f	{"area":"North Campus","audience":"Women, all years","capacity":12,"gender":"women","leader":"Hannah Wells","leaderContact":"hannah.wells@crossroads.example","leaderMember":null,"meetingDay":"tuesday","meetingTime":"19:30","members":7,"name":"North Campus Women","place":"Sierra Madre Hall lounge","topics":["bible study","prayer"]}	\N	\N	1795965683735	token:admin
crossroads-campus	lead	a14c7474-02fc-4934-944f-298042a063b2	39	f	{"area":"North Campus","availability":"Thursdays","contact":"harper.davis@calpoly.example","freeDays":["thursday"],"freeTimes":["evening"],"gender":"woman","group":"8c63bb4c-265e-4ce2-b2b2-d839926711d6","interests":"worship team","member":null,"name":"Harper Davis","notes":"","receivedAt":"2026-11-16T12:21:19.533Z","state":"not-interested","year":"freshman"}	\N	\N	1795965683735	token:admin
crossroads-campus	ministryTeam	5f67c907-9caa-49c7-bed8-1fdcb49b3e09	8	f	{"contact":"daniel.okafor@crossroads.example","leader":"Daniel Okafor","meets":"Thursdays 17:30, Chapel","name":"Worship Team","openToNew":true,"purpose":"Musicians and singers who lead the Thursday gathering.","topics":["worship","music","singing"]}	\N	\N	1795965683735	token:admin
crossroads-campus	lead	0854e756-6efb-45c1-8945-516b1491acaa	27	f	{"area":"North Campus","availability":"weekday evenings","contact":"ava.thompson@calpoly.example","freeDays":["tuesday","thursday"],"freeTimes":["evening"],"gender":"woman","group":null,"interests":"small group, bible study, worship team","member":null,"name":"Ava Thompson","notes":"","receivedAt":"2026-11-29T12:21:19.533Z","state":"new","year":"sophomore"}	\N	\N	1795965683735	token:admin
crossroads-campus	event	bf532826-8fb5-4309-89c3-6156e4fa0d9f	4	f	{"address":"15620 Orchard Rd, Cazadero, CA 95421","audience":["students"],"contactEmail":"hello@crossroadscampus.example.org","contactName":"Crossroads Staff","contactPhone":"+1 510 555 0133","description":"Two nights at Camp Caz by the Russian River: worship, a speaker and the polar plunge.","endDate":null,"endsAt":"2027-01-24T22:00:00.000Z","host":"Crossroads Staff","imageURL":null,"latitude":38.5327,"links":[{"label":"Packing list","url":"https://crossroadscampus.example.org/retreat"}],"locationName":"Camp Caz","longitude":-123.0851,"rideSharing":true,"stampValue":0,"startDate":null,"startsAt":"2027-01-23T01:00:00.000Z","timeZone":"America/Los_Angeles","timing":"timed","title":"Winter Retreat"}	1800666000000	1800828000000	1795965683735	token:admin
crossroads-campus	communityGroup	27aa5c86-5596-43e7-9b68-a2bc2c111c1b	17	f	{"area":"Off Campus","audience":"Married students and families","capacity":20,"leader":"Ruth and Ben Carter","leaderContact":"+1 805 555 0124","leaderMember":null,"meetingDay":"sunday","meetingTime":"17:00","members":12,"name":"Off-Campus Families","place":"The Carters' home, 14 Foothill Blvd","topics":["family","parenting"]}	\N	\N	1795965683735	token:admin
crossroads-campus	ministryResource	cdf74b38-99b4-494e-a8fb-a086e34c667b	25	f	{"kind":"leaders-guide","leadersOnly":true,"summary":"When to listen, when to refer, and the campus numbers to call.","title":"Caring for Someone in Crisis","url":"https://crossroads.example/leaders/crisis"}	\N	\N	1795965683735	token:admin
crossroads-campus	ministryTeam	7f5f8763-3cd9-4938-8ff9-b48de07664fc	9	f	{"contact":"+1 805 555 0113","leader":"Mei Lin","meets":"Thursdays 18:15, Student Union lobby","name":"Hospitality","openToNew":true,"purpose":"Greeters, coffee and the welcome table for newcomers.","topics":["hospitality","welcome"]}	\N	\N	1795965683735	token:admin
crossroads-campus	lead	17179bb2-5e99-4ae7-b90b-25843d687ec8	29	f	{"area":"South Campus","availability":"Saturday mornings","contact":"chloe.martin@calpoly.example","freeDays":["saturday"],"freeTimes":["morning"],"gender":"woman","group":null,"interests":"outreach","member":null,"name":"Chloe Martin","notes":"","receivedAt":"2026-11-27T08:21:19.533Z","state":"new","year":"junior"}	\N	\N	1795965683735	token:admin
crossroads-campus	mission	ed62f4eb-55a7-43ce-a881-fcd16f14d820	19	f	{"applyBy":"2027-04-15","description":"Serving with shelters and after-school programmes in South LA.","endDate":"2027-07-08","howToApply":"Fill in the application in the app, then meet one of the leaders. A $200 deposit holds your place.","imageURL":"https://crossroads.example/missions/inner-city-los-angeles.jpg","leaders":"Jordan Reyes","location":"Los Angeles, California","name":"Inner City Los Angeles","startDate":"2027-06-29"}	1814245200000	1815109200000	1795965683735	token:admin
crossroads-campus	ministryTeam	ba2e211e-a09c-4571-aec7-a94c387c3368	10	f	{"contact":"jordan.reyes@crossroads.example","leader":"Jordan Reyes","meets":"Saturdays 9:00, Food Bank","name":"Outreach","openToNew":true,"purpose":"Serving meals downtown and running the campus food drive.","topics":["outreach","food drive"]}	\N	\N	1795965683735	token:admin
crossroads-campus	event	ce9860ef-9897-4f92-adc8-3f0d0e6dbd1e	6	f	{"address":"7900 Edgewater Dr, Oakland, CA 94621","audience":["students"],"contactEmail":"hello@crossroadscampus.example.org","contactName":"Crossroads Staff","contactPhone":"+1 510 555 0133","description":"Sorting and packing for the Alameda County Community Food Bank.","endDate":null,"endsAt":"2026-12-19T21:00:00.000Z","host":"Crossroads Staff","imageURL":null,"latitude":null,"links":[],"locationName":"ACCFB Warehouse","longitude":null,"rideSharing":true,"stampValue":0,"startDate":null,"startsAt":"2026-12-19T17:00:00.000Z","timeZone":"America/Los_Angeles","timing":"timed","title":"Service Day at the Food Bank"}	1797699600000	1797714000000	1795965683735	token:admin
crossroads-campus	event	16963e32-4ea6-4884-9b3a-45784171afb2	2	f	{"address":"2400 Durant Ave, Berkeley, CA 94704","audience":["students"],"contactEmail":"hello@crossroadscampus.example.org","contactName":"Crossroads Staff","contactPhone":"+1 510 555 0133","description":"Drivers take students to partner churches; sign up for a seat by Saturday night.","endDate":null,"endsAt":"2026-08-30T19:15:00.000Z","host":"Crossroads Drivers","imageURL":null,"latitude":null,"links":[],"locationName":"Unit 3 Dorms, front steps","longitude":null,"repeat":"FREQ=WEEKLY;BYDAY=SU","rideSharing":true,"stampValue":0,"startDate":null,"startsAt":"2026-08-30T16:15:00.000Z","timeZone":"America/Los_Angeles","timing":"timed","title":"Sunday Church Rides"}	1788106500000	\N	1795965683735	token:admin
crossroads-campus	lead	ffefc613-c6c1-4ce3-b2e4-d18185cbfd95	36	f	{"area":"South Campus","availability":"Wednesdays","contact":"oliver.wright@calpoly.example","freeDays":["wednesday"],"freeTimes":["evening"],"gender":"man","group":"9027a65d-f72c-4337-8496-a2ef3e24bc46","interests":"engineering group","member":null,"name":"Oliver Wright","notes":"","receivedAt":"2026-11-19T18:21:19.533Z","state":"joined","year":"junior"}	\N	\N	1795965683735	token:admin
crossroads-campus	lead	7d02b0d6-b415-4731-a1ab-e373d76afcf4	35	f	{"area":"North Campus","availability":"Tuesday nights","contact":"mia.johnson@calpoly.example","freeDays":["tuesday"],"freeTimes":["evening"],"gender":"woman","group":"4a3d4522-4023-4bd3-8892-56fc9e33f556","interests":"small group, hospitality","member":null,"name":"Mia Johnson","notes":"","receivedAt":"2026-11-20T20:21:19.533Z","state":"joined","year":"sophomore"}	\N	\N	1795965683735	token:admin
crossroads-campus	communityGroup	a73c9862-cfee-4fa3-83e3-c7d27ff3ef1a	16	f	{"audience":"Graduate students","capacity":8,"leader":"Samuel Adeyemi","leaderContact":"samuel.adeyemi@crossroads.example","leaderMember":null,"meetingDay":"thursday","meetingTime":"12:00","members":6,"name":"Grad Students","place":"Library room 3","topics":["faith and work"],"years":["grad"]}	\N	\N	1795965683735	token:admin
crossroads-campus	ministryResource	b0dfe581-63a7-4399-a29e-1e63f944bd81	24	f	{"kind":"leaders-guide","leadersOnly":true,"summary":"Opening questions, keeping everyone talking, and ending on time.","title":"Leading Your First Discussion","url":"https://crossroads.example/leaders/first-discussion"}	\N	\N	1795965683735	token:admin
crossroads-campus	ministryTeam	1e72007b-ce41-47de-b650-7ab85dfc7281	11	f	{"contact":"priya.shah@crossroads.example","leader":"Priya Shah","meets":"Tuesdays 19:00, Room 204","name":"Media","openToNew":false,"purpose":"Photos, slides and the livestream of the weekly meeting.","topics":["media","photography"]}	\N	\N	1795965683735	token:admin
\.


--
-- Data for Name: schema_state; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.schema_state (id, digest) FROM stdin;
1	8efea0cce53c9e4369b90a8ec5aac91d370b54661e1bf4a33fe2b390e39de4dd
\.


--
-- Data for Name: session_tokens; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.session_tokens (hash, session_id, kind, expires_at, used_at, pair, replaced_by) FROM stdin;
\.


--
-- Data for Name: sign_in_failures; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.sign_in_failures (org, email, at, source) FROM stdin;
\.


--
-- Data for Name: staff; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.staff (org, email, role, password_hash, created_at) FROM stdin;
\.


--
-- Data for Name: staff_sessions; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.staff_sessions (id, org, email, created_at, revoked_at) FROM stdin;
\.


--
-- Data for Name: stamp_entries; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.stamp_entries (org, id, member, event, kind, stamps, at, reverses) FROM stdin;
\.


--
-- Data for Name: stamp_totals; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.stamp_totals (org, member, stamps, reached_at, shown, name) FROM stdin;
\.


--
-- Data for Name: tokens; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.tokens (hash, org, role, created_at, expires_at, revoked_at) FROM stdin;
b5225e37653c2c7deba4d27d1578112f8f950c5a9f83e03e3c5b065868c47613	crossroads-campus	admin	1795965682455	\N	\N
\.


--
-- Name: attempt_windows attempt_windows_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.attempt_windows
    ADD CONSTRAINT attempt_windows_pkey PRIMARY KEY (kind, key);


--
-- Name: calendar_feeds calendar_feeds_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.calendar_feeds
    ADD CONSTRAINT calendar_feeds_pkey PRIMARY KEY (hash);


--
-- Name: clients clients_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.clients
    ADD CONSTRAINT clients_pkey PRIMARY KEY (org, client_id);


--
-- Name: history history_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.history
    ADD CONSTRAINT history_pkey PRIMARY KEY (org, version);


--
-- Name: members members_org_email_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.members
    ADD CONSTRAINT members_org_email_key UNIQUE (org, email);


--
-- Name: members members_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.members
    ADD CONSTRAINT members_pkey PRIMARY KEY (org, id);


--
-- Name: mutation_results mutation_results_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mutation_results
    ADD CONSTRAINT mutation_results_pkey PRIMARY KEY (org, client_id, mutation_id);


--
-- Name: orgs orgs_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.orgs
    ADD CONSTRAINT orgs_pkey PRIMARY KEY (slug);


--
-- Name: push_devices push_devices_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.push_devices
    ADD CONSTRAINT push_devices_pkey PRIMARY KEY (id);


--
-- Name: push_jobs push_jobs_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.push_jobs
    ADD CONSTRAINT push_jobs_pkey PRIMARY KEY (org, message_id, device_id);


--
-- Name: push_messages push_messages_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.push_messages
    ADD CONSTRAINT push_messages_pkey PRIMARY KEY (org, id);


--
-- Name: push_rate_windows push_rate_windows_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.push_rate_windows
    ADD CONSTRAINT push_rate_windows_pkey PRIMARY KEY (org, window_start);


--
-- Name: records records_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.records
    ADD CONSTRAINT records_pkey PRIMARY KEY (org, entity, id);


--
-- Name: schema_state schema_state_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.schema_state
    ADD CONSTRAINT schema_state_pkey PRIMARY KEY (id);


--
-- Name: session_tokens session_tokens_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.session_tokens
    ADD CONSTRAINT session_tokens_pkey PRIMARY KEY (hash);


--
-- Name: staff staff_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.staff
    ADD CONSTRAINT staff_pkey PRIMARY KEY (org, email);


--
-- Name: staff_sessions staff_sessions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.staff_sessions
    ADD CONSTRAINT staff_sessions_pkey PRIMARY KEY (id);


--
-- Name: stamp_entries stamp_entries_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.stamp_entries
    ADD CONSTRAINT stamp_entries_pkey PRIMARY KEY (org, id);


--
-- Name: stamp_totals stamp_totals_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.stamp_totals
    ADD CONSTRAINT stamp_totals_pkey PRIMARY KEY (org, member);


--
-- Name: tokens tokens_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tokens
    ADD CONSTRAINT tokens_pkey PRIMARY KEY (hash);


--
-- Name: attempt_windows_ends; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX attempt_windows_ends ON public.attempt_windows USING btree (ends_at);


--
-- Name: calendar_feeds_org; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX calendar_feeds_org ON public.calendar_feeds USING btree (org, created_at);


--
-- Name: history_record; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX history_record ON public.history USING btree (org, entity, record_id, version);


--
-- Name: push_devices_address; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX push_devices_address ON public.push_devices USING btree (org, platform, address);


--
-- Name: push_devices_member; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX push_devices_member ON public.push_devices USING btree (org, member_id, created_at);


--
-- Name: push_jobs_device; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX push_jobs_device ON public.push_jobs USING btree (org, device_id, state);


--
-- Name: push_jobs_ready; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX push_jobs_ready ON public.push_jobs USING btree (state, next_at);


--
-- Name: push_messages_due; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX push_messages_due ON public.push_messages USING btree (state, send_at);


--
-- Name: records_feed; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX records_feed ON public.records USING btree (org, version);


--
-- Name: records_starting; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX records_starting ON public.records USING btree (org, entity, deleted, sort_start);


--
-- Name: records_upcoming; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX records_upcoming ON public.records USING btree (org, entity, deleted, sort_end);


--
-- Name: session_tokens_session; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX session_tokens_session ON public.session_tokens USING btree (session_id);


--
-- Name: sign_in_failures_at; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sign_in_failures_at ON public.sign_in_failures USING btree (at);


--
-- Name: sign_in_failures_email; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sign_in_failures_email ON public.sign_in_failures USING btree (org, email, at);


--
-- Name: sign_in_failures_source; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sign_in_failures_source ON public.sign_in_failures USING btree (source, at);


--
-- Name: staff_sessions_member; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX staff_sessions_member ON public.staff_sessions USING btree (org, email);


--
-- Name: stamp_entries_member_event; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX stamp_entries_member_event ON public.stamp_entries USING btree (org, member, event);


--
-- Name: stamp_totals_shown_rank; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX stamp_totals_shown_rank ON public.stamp_totals USING btree (org, shown, stamps DESC, reached_at, name COLLATE "C", member COLLATE "C");


--
-- Name: records stamp_entries_from_records; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER stamp_entries_from_records AFTER INSERT ON public.records FOR EACH ROW EXECUTE FUNCTION public.steward_stamp_entry_from_record();


--
-- Name: stamp_entries stamp_totals_from_entries; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER stamp_totals_from_entries AFTER INSERT ON public.stamp_entries FOR EACH ROW EXECUTE FUNCTION public.steward_stamp_total_from_entry();


--
-- Name: records stamp_totals_from_members; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER stamp_totals_from_members AFTER INSERT OR UPDATE ON public.records FOR EACH ROW WHEN ((new.entity = 'member'::text)) EXECUTE FUNCTION public.steward_stamp_totals_from_member();


--
-- Name: calendar_feeds calendar_feeds_org_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.calendar_feeds
    ADD CONSTRAINT calendar_feeds_org_fkey FOREIGN KEY (org) REFERENCES public.orgs(slug);


--
-- Name: clients clients_org_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.clients
    ADD CONSTRAINT clients_org_fkey FOREIGN KEY (org) REFERENCES public.orgs(slug);


--
-- Name: history history_org_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.history
    ADD CONSTRAINT history_org_fkey FOREIGN KEY (org) REFERENCES public.orgs(slug);


--
-- Name: members members_org_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.members
    ADD CONSTRAINT members_org_fkey FOREIGN KEY (org) REFERENCES public.orgs(slug);


--
-- Name: push_devices push_devices_org_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.push_devices
    ADD CONSTRAINT push_devices_org_fkey FOREIGN KEY (org) REFERENCES public.orgs(slug);


--
-- Name: push_messages push_messages_org_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.push_messages
    ADD CONSTRAINT push_messages_org_fkey FOREIGN KEY (org) REFERENCES public.orgs(slug);


--
-- Name: records records_org_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.records
    ADD CONSTRAINT records_org_fkey FOREIGN KEY (org) REFERENCES public.orgs(slug);


--
-- Name: session_tokens session_tokens_session_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.session_tokens
    ADD CONSTRAINT session_tokens_session_id_fkey FOREIGN KEY (session_id) REFERENCES public.staff_sessions(id);


--
-- Name: staff staff_org_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.staff
    ADD CONSTRAINT staff_org_fkey FOREIGN KEY (org) REFERENCES public.orgs(slug);


--
-- Name: staff_sessions staff_sessions_org_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.staff_sessions
    ADD CONSTRAINT staff_sessions_org_fkey FOREIGN KEY (org) REFERENCES public.orgs(slug);


--
-- Name: tokens tokens_org_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tokens
    ADD CONSTRAINT tokens_org_fkey FOREIGN KEY (org) REFERENCES public.orgs(slug);


--
-- PostgreSQL database dump complete
--

\unrestrict DWKC2big6oTpyfoS4oSAOS2QFHVmvc1e5OYW2n0K1VnlWCEAbkwoobT1VFZAr5J

